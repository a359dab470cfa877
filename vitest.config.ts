import { defineConfig } from 'vitest/config'

// API integration tests. Payload's and Next's modules take seconds to load, so a worker loads them
// once and runs file after file (`isolate: false`); each file still gets the project's modules
// fresh and the environment it started with (tests/helpers/freshModules.ts) and its own server on
// a copy of a database migrated once per run (tests/helpers/templateDatabase.ts).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'node',
    include: ['tests/**/*.test.ts', 'cms/**/*.test.ts', 'collections/**/*.test.ts', 'access/**/*.test.ts'],
    pool: 'forks',
    isolate: false,
    // Two files at a time; `npm test` asks for one per lane when its two API lanes share the two cores.
    maxWorkers: Number(process.env.API_TEST_WORKERS) || 2,
    globalSetup: ['tests/helpers/templateDatabase.ts'],
    setupFiles: ['tests/helpers/freshModules.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
