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
    // A worker loads playwright, axe and the helpers once for all its files instead of once a file;
    // the helpers keep no state between files (each file launches its own browser).
    isolate: false,
    // A server per worker (globalSetup.ts): files on different servers share nothing.
    maxWorkers: e2eWorkers(),
    // Servers the files start themselves warm their login path with 20 refusals, as the shared ones do.
    env: { WARM_UP_LOGINS: '20' },
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
})
