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
    // One jsdom for all the files of a worker instead of one a file: 73 s -> 19 s (CPU 94 -> 22 s).
    // Every test starts from an empty document, storage and root classes (src/test/setup.ts), and
    // the suite passes with its files in any order (checked with --sequence.shuffle.files).
    isolate: false,
  },
})
