import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { compiledCatalogues } from './compiledCatalogues.ts'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))

export default defineConfig({
  root: repoRoot,
  plugins: [compiledCatalogues(), react()],
  test: {
    environment: 'jsdom',
    include: ['web/src/**/*.test.{ts,tsx}'],
    setupFiles: ['web/src/test/setup.ts'],
    restoreMocks: true,
  },
})
