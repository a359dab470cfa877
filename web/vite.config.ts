import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { compression } from 'vite-plugin-compression2'
import { VitePWA } from 'vite-plugin-pwa'
import { compiledCatalogues } from './compiledCatalogues.ts'
import { inlineEntryStylesheet } from './inlineEntryStylesheet.ts'

const root = fileURLToPath(new URL('.', import.meta.url))
const backend = 'http://localhost:3000'

/**
 * React Router 7's package names only its development build in its exports, for every condition
 * (remix-run/react-router#12532, #14102): a production bundle carried its dev-only checks and
 * warnings, about a sixth of the sign-in page's main-thread time on a throttled phone (issue 12).
 * The build takes the production files the package ships beside them; the dev server and the
 * tests keep the development build and its warnings.
 */
const reactRouterDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'))
const reactRouterProduction = (file: string) => path.join(reactRouterDir, 'dist', 'production', file)

export default defineConfig(({ command }) => ({
  root,
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : [],
  },
  base: '/',
  // .br and .gz beside every text asset, served as they are (cms/http/expressApp.ts). index.html is not among
  // them: the server fills in its page data on each request and compresses that answer itself.
  plugins: [
    compiledCatalogues(),
    react(),
    inlineEntryStylesheet(),
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/index\.html$/, /manifest\.json$/], threshold: 1024 }),
    // The service worker (src/offline/sw.ts, served as /sw.js) keeps the build's files for offline
    // use; main.tsx registers it. No web app manifest: the product is a site, not an installed app.
    // index.html is not kept with them: every page carries its account's page data, so the worker
    // keeps pages as each account opens them (docs/adr/offline-pages.md).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/offline',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['assets/**/*.{js,css,woff,woff2,svg,png,jpg,webp,ico}'],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // dist/.vite/manifest.json: which files each route's chunk needs, so the server can name them
    // in the page's HTML (cms/http/pagePreloads.ts) instead of the browser finding them one wave at a time.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': backend,
      '/uploads': backend,
      '/package-storage': backend,
      '/authenticate': backend,
      '/admin': backend,
    },
  },
}))
