import { defineConfig } from 'vitest/config'

import { e2eWorkers } from './workers'

// Browser tests: one built SPA and a real server (fresh seeded SQLite) per worker for the whole run,
// Debian's Chromium driven by playwright-core. Run: vitest run --config tests/e2e/vitest.config.ts
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/globalSetup.ts'],
    pool: 'forks',
    // A server per worker (globalSetup.ts): files on different servers share nothing.
    maxWorkers: e2eWorkers(),
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
})
