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
    maxWorkers: 2,
    globalSetup: ['tests/helpers/templateDatabase.ts'],
    setupFiles: ['tests/helpers/freshModules.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
