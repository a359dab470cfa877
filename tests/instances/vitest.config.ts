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
  },
})
