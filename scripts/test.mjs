// `npm test`: every test. Type checks, the linter (ESLint and Prettier, `npm run lint`), the API integration suite on SQLite (and on PostgreSQL when
// TEST_POSTGRES_URL is set, as .ci/run does, followed by the several-instances suite), the web
// app's component tests, and the browser tests against the real server. Ends with one
// "N passed, N failed" line.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => path.join(root, 'node_modules', '.bin', name)
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'civics-reports-'))
let passed = 0
let failed = 0
const failures = []

const run = (label, command, args, env = {}) => {
  console.log(`\n=== ${label}`)
  const started = Date.now()
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  console.log(`=== ${label}: ${result.status === 0 ? 'ok' : `FAILED (exit ${result.status})`} in ${Math.round((Date.now() - started) / 1000)} s`)
  return result.status === 0
}

const vitest = (label, config, env = {}) => {
  const report = path.join(reports, `${label.replace(/\W+/g, '-')}.json`)
  const ok = run(label, bin('vitest'), ['run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env)
  try {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'))
    passed += json.numPassedTests
    failed += json.numFailedTests
    // A file can fail outside its tests (a setup or teardown hook): that is a failure too.
    if (!ok && json.numFailedTests === 0) failed += 1
    if (json.numTotalTests === 0) {
      failed += 1
      failures.push(`${label}: no test ran`)
    }
  } catch {
    failed += 1
  }
  if (!ok) failures.push(label)
}

const check = (label, command, args, env) => {
  if (run(label, command, args, env)) passed += 1
  else {
    failed += 1
    failures.push(label)
  }
}

const only = process.argv.slice(2)
const wants = (name) => only.length === 0 || only.includes(name)

if (wants('types')) {
  check('Type check (server)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'])
  check('Type check (web)', bin('tsc'), ['--noEmit', '-p', 'web/tsconfig.json'])
}
if (wants('lint')) check('Lint (ESLint: import boundaries, hooks; Prettier: formatting)', 'npm', ['run', '--silent', 'lint'])
if (wants('api') || wants('e2e')) {
  // The API tests read the SPA's page data from web/dist/index.html, and the browser tests serve it.
  check('Build the web app', bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'])
}
if (wants('api')) {
  vitest('API integration tests (SQLite)', 'vitest.config.ts')
  if (process.env.TEST_POSTGRES_URL) {
    vitest('API integration tests (PostgreSQL)', 'vitest.config.ts', { TEST_POSTGRES_URL: process.env.TEST_POSTGRES_URL })
    vitest('Several instances on one PostgreSQL (server processes)', 'tests/instances/vitest.config.ts', { TEST_POSTGRES_URL: process.env.TEST_POSTGRES_URL })
  } else console.log('\n(PostgreSQL run skipped: set TEST_POSTGRES_URL=postgres://user:pass@host:5432/postgres to run it; .ci/run does.)')
}
if (wants('web')) vitest('Web app component tests', 'web/vitest.config.ts')
if (wants('e2e')) vitest('Browser tests (Chromium)', 'tests/e2e/vitest.config.ts')

fs.rmSync(reports, { recursive: true, force: true })
if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 && failures.length === 0 ? 0 : 1)
