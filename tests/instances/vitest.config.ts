import { defineConfig } from 'vitest/config'

// Several real server processes on one PostgreSQL database (TEST_POSTGRES_URL), S3 on loopback.
// Run by `npm test` (api part) when TEST_POSTGRES_URL is set: vitest run --config tests/instances/vitest.config.ts
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'node',
    include: ['tests/instances/**/*.instances.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // Each server process still warms its login path before it is ready (cms/startup/warmLoginPath.ts), with
    // 20 refusals instead of 200: the suite starts dozens of processes, two at a time on two cores.
    env: { WARM_UP_LOGINS: '20' },
  },
})
