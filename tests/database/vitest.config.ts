import { defineConfig } from 'vitest/config'

// PostgreSQL restarted, stopped and starved under load: server processes on a PostgreSQL server of
// the tests' own (tests/helpers/privatePostgres.ts). Run by `npm test` (api part) when PostgreSQL's
// binaries are on the machine: vitest run --config tests/database/vitest.config.ts
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'node',
    include: ['tests/database/**/*.database.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 420_000,
    hookTimeout: 900_000,
    // Each server process still warms its login path (cms/startup/warmLoginPath.ts), with 20 refusals instead of 200.
    env: { WARM_UP_LOGINS: '20' },
  },
})
