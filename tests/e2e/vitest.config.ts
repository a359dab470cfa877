import { defineConfig } from 'vitest/config'

// Browser tests: one built SPA and one real server (fresh seeded SQLite) for the whole run,
// Debian's Chromium driven by playwright-core. Run: vitest run --config tests/e2e/vitest.config.ts
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/globalSetup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
})
