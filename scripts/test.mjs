// `npm test`: every test. Type checks, the linter (ESLint and Prettier, `npm run lint`), the API integration suite on SQLite (and on PostgreSQL when
// TEST_POSTGRES_URL is set, as .ci/run does, followed by the several-instances suite; PostgreSQL
// restarted and stopped under load when its binaries are on the machine), the web
// app's component tests, and the browser tests against the real server. Ends with one
// "N passed, N failed" line. `npm test -- api web` runs only those parts (types, lint, api, web, e2e).
//
// Suites that share nothing (each API test file has its own database and folder) run in two
// lanes side by side: the SQLite lane and the PostgreSQL lane, each with its own API run first, then
// the other suites, each taken by whichever lane is free. Most of their time is one core
// hashing passwords or waiting on a database, so two lanes use the machine's two cores. The
// browser tests run last, without the lanes: two files at a time already keep both cores busy
// (tests/e2e/workers.ts), and more load only lengthens their waits for the real servers. A lane's
// output is printed whole when the lane ends.
import { spawn } from 'node:child_process'
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
// What failed, with its message shortened, printed again at the very end: CI keeps only the
// tail of the output, where a lane's whole log (printed when the lane ends) may be out of sight.
const failureDetails = []
/** A failure message without library stack frames: its head (what failed) and its end (a server log's last lines, say). */
const shortened = (text, head = 5, end = 25) => {
  const lines = String(text)
    .split('\n')
    .filter((line) => !/^\s*at .*(node_modules|node:internal|<anonymous>)/.test(line))
  const kept = lines.length <= head + end ? lines : [...lines.slice(0, head), '…', ...lines.slice(-end)]
  return kept.join('\n    ')
}

/** The failed tests and failed files (a hook or an import that threw) of a vitest JSON report. */
const failedIn = (label, json) => {
  for (const file of json.testResults ?? []) {
    const where = path.relative(root, file.name)
    const tests = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
    for (const test of tests) failureDetails.push(`${label} > ${where} > ${test.fullName}\n    ${shortened(test.failureMessages?.join('\n') ?? '')}`)
    if (file.status === 'failed' && tests.length === 0) failureDetails.push(`${label} > ${where}\n    ${shortened(file.message ?? '(no message)')}`)
  }
}

/** Runs one command; its output goes to the terminal, or into `log` (an array) inside a lane. */
const run = (label, command, args, env = {}, log) =>
  new Promise((resolve) => {
    const say = (line) => (log ? log.push(line) : console.log(line))
    say(`\n=== ${label}`)
    const started = Date.now()
    // A variable set to undefined in `env` is left out of the child's environment (Node's spawn skips it).
    const child = spawn(command, args, { cwd: root, stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } })
    if (log) {
      child.stdout.on('data', (chunk) => log.push(String(chunk)))
      child.stderr.on('data', (chunk) => log.push(String(chunk)))
    }
    child.on('close', (status) => {
      const summary = `=== ${label}: ${status === 0 ? 'ok' : `FAILED (exit ${status})`} in ${Math.round((Date.now() - started) / 1000)} s`
      say(summary)
      if (log) console.log(summary)
      resolve(status === 0)
    })
  })

/** Runs a vitest config (`files`: vitest's arguments after the config, file filters or options). */
const vitest = async (label, config, env = {}, log, files = []) => {
  const report = path.join(reports, `${label.replace(/\W+/g, '-')}.json`)
  const ok = await run(
    label,
    bin('vitest'),
    ['run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...files],
    env,
    log,
  )
  try {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'))
    passed += json.numPassedTests
    failed += json.numFailedTests
    // A file can fail outside its tests (a setup or teardown hook): that is a failure too.
    if (!ok && json.numFailedTests === 0) failed += 1
    failedIn(label, json)
    if (json.numTotalTests === 0) {
      failed += 1
      failures.push(`${label}: no test ran`)
    }
  } catch {
    failed += 1
  }
  if (!ok) failures.push(label)
}

const check = async (label, command, args, env, log) => {
  const ok = await run(label, command, args, env, log)
  if (ok) passed += 1
  else {
    failed += 1
    failures.push(label)
  }
  return ok
}

/**
 * Steps one after another, then steps taken from `shared` (which any lane takes from as soon as it
 * is free), their output kept and printed when the lane ends.
 */
const lane = async (steps, shared) => {
  const log = []
  for (const step of steps) await step(log)
  for (let step = shared.shift(); step; step = shared.shift()) await step(log)
  process.stdout.write(log.join('\n') + '\n')
}

// Node keeps the machine code it compiles for each module (V8's code cache) in this folder, so the
// dozens of processes a run starts (servers, type checks, linters, test workers) stop compiling
// the same libraries again; a fresh clone starts with an empty folder. https://nodejs.org/api/module.html#module-compile-cache
process.env.NODE_COMPILE_CACHE ??= path.join(root, 'node_modules', '.cache', 'node-compile-cache')

const only = process.argv.slice(2)
const wants = (name) => only.length === 0 || only.includes(name)
const postgres = process.env.TEST_POSTGRES_URL

let webBuilt = false
if (wants('api') || wants('e2e')) {
  // The API tests read the SPA's page data from web/dist/index.html, and the browser tests serve it
  // (their setup builds it only when run on their own). A production build, as users get.
  webBuilt = await check('Build the web app', bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { NODE_ENV: 'production' })
  // The server processes the tests start run the bundled server (scripts/buildServer.mjs), built
  // here once instead of in each test process.
  if (await check('Build the server (esbuild)', process.execPath, ['scripts/buildServer.mjs'])) process.env.SERVER_BUILT_FOR_TESTS = 'true'
}
const sqliteLane = []
const postgresLane = []
// Steps either lane takes when it has run its own, longest first: whichever lane ends its own steps
// first takes the next one, so that neither core waits long for the other at the lanes' end.
const eitherLane = []
// The type checks and the linter run in the SQLite lane, the shorter of the two, instead of before
// both lanes, where they kept the second core idle for most of a minute.
// TypeScript 7 checks the types (docs/adr/type-checks-with-typescript-7.md); TypeScript 5 stays installed for the tools that load it.
const typescript7 = path.join(root, 'node_modules', 'typescript-7', 'bin', 'tsc')
if (wants('types')) {
  sqliteLane.push((log) => check('Type check (server)', process.execPath, [typescript7, '--noEmit', '-p', 'tsconfig.json'], {}, log))
  sqliteLane.push((log) => check('Type check (web)', process.execPath, [typescript7, '--noEmit', '-p', 'web/tsconfig.json'], {}, log))
}
if (wants('lint')) sqliteLane.push((log) => check('Lint (ESLint: import boundaries, hooks; Prettier: formatting)', 'npm', ['run', '--silent', 'lint'], {}, log))
// The admin's browser tests need the Next build of the admin (minutes of CPU). It is made here, in
// a lane, rather than in that file's setup, where a loaded machine once ran it past the hook's timeout.
// It skips Next's type check (the type checks above cover the same tsconfig.json) and Turbopack's
// build cache, which a fresh clone never reads again (cms/next.config.mjs).
if (wants('e2e'))
  sqliteLane.push((log) =>
    check(
      'Build the admin (Next)',
      bin('next'),
      ['build', 'cms'],
      { NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ADMIN_BUILD_FOR_TESTS: 'true' },
      log,
    ),
  )
if (wants('api')) {
  // Without TEST_POSTGRES_URL, which .ci/run exports for the PostgreSQL lane: with it this lane ran on
  // PostgreSQL too (tests/helpers/server.ts picks the database by it), and SQLite went untested on CI.
  // Each lane's files run two at a time (vitest.config.ts), or one at a time when both lanes run.
  const workers = postgres ? { API_TEST_WORKERS: '1' } : {}
  sqliteLane.push((log) => vitest('API integration tests (SQLite)', 'vitest.config.ts', { TEST_POSTGRES_URL: undefined, ...workers }, log))
  if (postgres) {
    // Files whose servers run on SQLite in every lane (server processes started with a file: database)
    // or that read no database run in the SQLite lane only: run again here they would test nothing new.
    const sqliteOnly = ['server-start', 'production-accounts', 'lint-boundaries'].map((name) => `tests/${name}.test.ts`)
    postgresLane.push((log) =>
      vitest(
        'API integration tests (PostgreSQL)',
        'vitest.config.ts',
        { TEST_POSTGRES_URL: postgres, ...workers },
        log,
        sqliteOnly.flatMap((file) => ['--exclude', file]),
      ),
    )
    // The several-instances suite, in two halves of about a minute or more each, for either lane.
    const instances = 'tests/instances/vitest.config.ts'
    const partTwo = ['retention', 'seed-resume', 'attempt-state', 'package-crash-bucket'].map((name) => `tests/instances/${name}.instances.ts`)
    eitherLane.push(
      (log) =>
        vitest(
          'Several instances on one PostgreSQL (server processes)',
          instances,
          { TEST_POSTGRES_URL: postgres },
          log,
          partTwo.flatMap((file) => ['--exclude', file]),
        ),
      (log) => vitest('Several instances on one PostgreSQL, part two (server processes)', instances, { TEST_POSTGRES_URL: postgres }, log, partTwo),
    )
  } else console.log('\n(PostgreSQL run skipped: set TEST_POSTGRES_URL=postgres://user:pass@host:5432/postgres to run it; .ci/run does.)')
}
// PostgreSQL restarted, stopped and starved under load, on a server of the tests' own (initdb +
// pg_ctl: tests/helpers/privatePostgres.ts), never the shared one: wherever PostgreSQL's binaries are.
const postgresBin = process.env.PG_BIN || '/usr/lib/postgresql/15/bin'
if (wants('api')) {
  if (fs.existsSync(path.join(postgresBin, 'initdb')) && fs.existsSync(path.join(postgresBin, 'pg_ctl')))
    eitherLane.push((log) =>
      vitest('PostgreSQL restarted, stopped and starved (server processes)', 'tests/database/vitest.config.ts', { TEST_POSTGRES_URL: undefined }, log),
    )
  else console.log(`\n(PostgreSQL outage run skipped: no initdb and pg_ctl in ${postgresBin}; set PG_BIN to PostgreSQL's bin folder to run it.)`)
}
if (wants('web')) eitherLane.push((log) => vitest('Web app component tests', 'web/vitest.config.ts', {}, log))
await Promise.all([sqliteLane, postgresLane].map((steps) => lane(steps, eitherLane)))
if (wants('e2e')) await vitest('Browser tests (Chromium)', 'tests/e2e/vitest.config.ts', webBuilt ? { WEB_BUILT_FOR_TESTS: 'true' } : {})

fs.rmSync(reports, { recursive: true, force: true })
if (failureDetails.length) console.log(`\nWhat failed:\n${failureDetails.map((detail) => `  ${detail}`).join('\n')}`)
if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 && failures.length === 0 ? 0 : 1)
