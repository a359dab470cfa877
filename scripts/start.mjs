// `npm start`: build whatever is missing or older than its sources, then serve in production mode.
// `npm run serve` (`--no-build`): serve what is built, as several instances of one deployment do.
import { spawnSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { buildServer, serverEntry } from './buildServer.mjs'
import { serverArgs } from './serverCommand.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => path.join(root, 'node_modules', '.bin', name)

const newest = (paths) => {
  let latest = 0
  const visit = (p) => {
    let stat
    try {
      stat = fs.statSync(p)
    } catch {
      return
    }
    if (stat.isDirectory()) {
      if (/node_modules|\.next|dist$/.test(p)) return
      for (const entry of fs.readdirSync(p)) visit(path.join(p, entry))
    } else latest = Math.max(latest, stat.mtimeMs)
  }
  paths.forEach((p) => visit(path.join(root, p)))
  return latest
}

const builtAt = (file) => {
  try {
    return fs.statSync(path.join(root, file)).mtimeMs
  } catch {
    return 0
  }
}

const run = (label, command, args, env = {}) => {
  console.log(`> ${label}`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) {
    console.error(`${label} failed (exit ${result.status}).`)
    process.exit(result.status ?? 1)
  }
}

if (!process.argv.includes('--no-build')) {
  const webSources = newest(['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'common', 'package-lock.json'])
  if (builtAt('web/dist/index.html') < webSources) {
    run('Building the web app (vite)', bin('vite'), ['build', '--config', 'web/vite.config.ts'])
  }
  const cmsSources = newest(['cms', 'collections', 'access', 'common', 'fields', 'endpoints', 'package-lock.json'])
  if (process.env.DISABLE_ADMIN !== 'true' && builtAt('cms/.next/BUILD_ID') < cmsSources) {
    run('Building the admin panel (next build)', bin('next'), ['build', 'cms'], { NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' })
  }
  // Under a second, and it rewrites only what changed: built at every start, never stale.
  console.log('> Building the server (esbuild)')
  await buildServer()
} else if (!fs.existsSync(serverEntry)) {
  console.error(`${path.relative(root, serverEntry)} is not built: run \`npm run build\` (or \`npm start\`, which builds what is missing) first.`)
  process.exit(1)
}

const server = spawn(process.execPath, serverArgs(), {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...process.env },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
// A server ended by a signal (killed for memory, say) exits as a shell reports it, 128 + the
// signal's number: not 0, so a supervisor (systemd's Restart=on-failure, docs/deploy.md) restarts it.
server.on('exit', (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)))
