// The server as Node runs it: `cms/startup/server.ts` and the project's modules bundled by esbuild
// into `cms/dist/` (packages stay imports Node resolves from node_modules), so a server process loads
// plain JavaScript instead of compiling TypeScript through a loader at every start
// (docs/adr/server-runs-from-a-bundle.md). `npm start` and the tests' server processes build it;
// `node scripts/buildServer.mjs` builds it alone.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const serverDist = path.join(root, 'cms', 'dist')
export const serverEntry = path.join(serverDist, 'server.mjs')

/**
 * A module that finds files beside itself (`import.meta.url`: the migrations, the launcher, the
 * password worker) still finds them beside its source: its `import.meta.url` names its source file,
 * written relative to the bundle so the checkout can move.
 */
const loaders = { '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx', '.js': 'js', '.mjs': 'js', '.cjs': 'js', '.jsx': 'jsx' }
const ownLocation = {
  name: 'own-location',
  setup(bundler) {
    bundler.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async ({ path: file }) => {
      if (file.includes(`${path.sep}node_modules${path.sep}`)) return undefined
      const contents = await fs.promises.readFile(file, 'utf8')
      if (contents.includes('import.meta.dirname') || contents.includes('import.meta.filename'))
        throw new Error(`${path.relative(root, file)}: use import.meta.url (the bundle rewrites only it)`)
      // A module that does not ask where it is is left to esbuild as it is.
      if (!contents.includes('import.meta.url')) return undefined
      const source = path.relative(serverDist, file).split(path.sep).join('/')
      return {
        contents: contents.replaceAll('import.meta.url', `new URL(${JSON.stringify(source)}, import.meta.url).href`),
        loader: loaders[path.extname(file)],
      }
    })
  },
}

/** Writes `text` to `file` whole or not at all: a server starting meanwhile reads the old file or the new one. */
const writeWhole = (file, text) => {
  const partial = `${file}.${process.pid}.partial`
  fs.writeFileSync(partial, text)
  fs.renameSync(partial, file)
}

/**
 * Bundles the server into `cms/dist/`, writing only the files whose content changed and removing
 * those no longer built. Builds running at once (test workers, several lanes) write the same
 * files, so none of them can leave another a half-written or missing module.
 */
export const buildServer = async () => {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['cms/startup/server.ts'],
    outdir: serverDist,
    bundle: true,
    // The entry loads the instance with `import()` after its checks (cms/startup/server.ts): a chunk
    // of its own keeps Payload and the rest unloaded until then.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    tsconfig: 'tsconfig.json',
    // Stack traces in the server's log name the TypeScript lines (`--enable-source-maps`, serverCommand.mjs).
    sourcemap: 'linked',
    sourcesContent: false,
    outExtension: { '.js': '.mjs' },
    plugins: [ownLocation],
    write: false,
    logLevel: 'warning',
  })
  fs.mkdirSync(serverDist, { recursive: true })
  const built = new Set()
  for (const file of result.outputFiles) {
    built.add(path.basename(file.path))
    const onDisk = fs.existsSync(file.path) ? fs.readFileSync(file.path) : undefined
    if (!onDisk?.equals(file.contents)) writeWhole(file.path, file.contents)
  }
  for (const name of fs.readdirSync(serverDist)) if (!built.has(name) && !name.endsWith('.partial')) fs.rmSync(path.join(serverDist, name), { force: true })
  return serverEntry
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer()
  console.log(`Built the server into ${path.relative(root, serverDist)}/`)
}
