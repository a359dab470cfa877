import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { compression } from 'vite-plugin-compression2'
import { compiledCatalogues } from './compiledCatalogues.ts'

const root = fileURLToPath(new URL('.', import.meta.url))
const backend = 'http://localhost:3000'

export default defineConfig({
  root,
  base: '/',
  // .br and .gz beside every text asset, served as they are (cms/expressApp.ts). index.html is not among
  // them: the server fills in its page data on each request and compresses that answer itself.
  plugins: [
    compiledCatalogues(),
    react(),
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/index\.html$/, /manifest\.json$/], threshold: 1024 }),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // dist/.vite/manifest.json: which files each route's chunk needs, so the server can name them
    // in the page's HTML (cms/pagePreloads.ts) instead of the browser finding them one wave at a time.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': backend,
      '/uploads': backend,
      '/authenticate': backend,
      '/admin': backend,
    },
  },
})
