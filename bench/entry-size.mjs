// The public JS entry's size (its budget: docs/performance.md): the entry script of
// the built index.html and every chunk it preloads, because the browser fetches all of them before
// the first render. Run after `npm run build:web`: node bench/entry-size.mjs [dist dir]
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'

const dist = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'dist'))
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8')
const files = [...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g)].map((match) => match[1])
let raw = 0
let gzipped = 0
for (const file of files) {
  const bytes = fs.readFileSync(path.join(dist, file))
  const size = zlib.gzipSync(bytes, { level: 9 }).length
  raw += bytes.length
  gzipped += size
  console.log(`${file.padEnd(44)} ${String(bytes.length).padStart(8)} B  ${String(size).padStart(7)} B gzip`)
}
console.log(`${'entry total'.padEnd(44)} ${String(raw).padStart(8)} B  ${String(gzipped).padStart(7)} B gzip (${(gzipped / 1024).toFixed(1)} KB)`)
