// The server as Node runs it: `cms/startup/server.ts`, the project's modules and the packages they
// import bundled by esbuild into `cms/dist/`, so a server process loads a few files of plain
// JavaScript instead of compiling TypeScript through a loader and resolving thousands of package
// files at every start (docs/adr/server-runs-from-a-bundle.md). `npm start` and the tests' server
// processes build it; `node scripts/buildServer.mjs` builds it alone.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const serverDist = path.join(root, 'cms', 'dist')
export const serverEntry = path.join(serverDist, 'server.mjs')

/**
 * Packages Node loads from `node_modules` rather than from the bundle: native addons; packages
 * that start threads from their own files (the password threads' pool, the logger's transports);
 * the admin's Next and React, which must be the copies Next's build uses and load only when the admin is
 * served; the S3 client, loaded only with a bucket; Prettier, which only type generation asks for.
 */
export const externalPackages = [
  '@libsql/*',
  'libsql',
  'sharp',
  '@img/*',
  '@node-rs/*',
  '@napi-rs/*',
  'piscina',
  'pino',
  'pino-pretty',
  'thread-stream',
  'next',
  '@next/*',
  'react',
  'react-dom',
  '@aws-sdk/*',
  '@smithy/*',
  'prettier',
]

/**
 * Whether a CommonJS file reads `__dirname` or `__filename` (outside comments and `typeof` checks):
 * in the bundle, an ES module, neither exists.
 */
const usesOwnPathInCommonJs = (contents) =>
  /\b__(dirname|filename)\b/.test(
    contents
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/.*$/gm, '')
      .replace(/typeof __(dirname|filename) !== ['"]undefined['"] \? __(dirname|filename)/g, '')
      .replace(/typeof __(dirname|filename)/g, '')
      .replace(/(const|let|var|function)\s+__(dirname|filename)\b[^;]*;?/g, ''),
  ) && !/^\s*(import|export)\s/m.test(contents)

const loaders = { '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx', '.js': 'js', '.mjs': 'js', '.cjs': 'js', '.jsx': 'jsx' }
/**
 * A module that finds files beside itself (`import.meta.url`: the migrations, the launcher, the
 * password worker, a package's own files) still finds them beside its source: its `import.meta.url`
 * names its source file, written relative to the bundle so the checkout can move.
 */
const ownLocation = {
  name: 'own-location',
  setup(bundler) {
    bundler.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async ({ path: file }) => {
      const contents = await fs.promises.readFile(file, 'utf8')
      if (contents.includes('import.meta.dirname') || contents.includes('import.meta.filename'))
        throw new Error(
          `${path.relative(root, file)}: uses import.meta.dirname or filename, which the bundle would point at cms/dist/ (use import.meta.url, or add its package to externalPackages)`,
        )
      if (file.includes(`${path.sep}node_modules${path.sep}`) && usesOwnPathInCommonJs(contents))
        throw new Error(
          `${path.relative(root, file)}: reads __dirname or __filename, which the bundle cannot give it: add its package to externalPackages in scripts/buildServer.mjs`,
        )
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
    external: externalPackages,
    // The packages' CommonJS files call `require` (Node's own modules, a view engine by name): in
    // an ES module it comes from createRequire, resolving from cms/dist/ as from the checkout.
    banner: { js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);" },
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
