import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { freePort } from '../e2e/serverProcess'

/**
 * A PostgreSQL server of a test's own (initdb + pg_ctl on a temporary folder and a free port), for
 * tests that restart, stop or starve the database: the machine's shared server is used by every
 * other test run and must not be touched. Started from the binaries of PG_BIN (default Debian's
 * PostgreSQL 15). PostgreSQL refuses to run as root, so as root (CI) its commands run as the
 * `postgres` user.
 */
export const postgresBin = () => process.env.PG_BIN || '/usr/lib/postgresql/15/bin'

/** Whether this machine can run a private PostgreSQL server (the lane that needs one runs only then). */
export const canRunPrivatePostgres = () => fs.existsSync(path.join(postgresBin(), 'initdb')) && fs.existsSync(path.join(postgresBin(), 'pg_ctl'))

const asRoot = process.getuid?.() === 0

const run = (command: string, args: string[]) => {
  const file = path.join(postgresBin(), command)
  const [program, programArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args]
  return execFileSync(program, programArgs, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

export type PrivatePostgres = {
  /** A URL for the `postgres` database as superuser `civics`. */
  url: string
  port: number
  start: () => void
  /** A fast shutdown: PostgreSQL ends every session (57P01 to each client) and stops. */
  stop: () => void
  restart: () => void
  running: () => boolean
  /** Removes the server and its folder. */
  destroy: () => void
}

export const startPrivatePostgres = async ({ maxConnections = 100 }: { maxConnections?: number } = {}): Promise<PrivatePostgres> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'civics-pg-'))
  const data = path.join(dir, 'data')
  const log = path.join(dir, 'server.log')
  if (asRoot) execFileSync('chown', ['postgres', dir])
  // Trust on loopback only: a throwaway server for one test, listening on 127.0.0.1 alone.
  run('initdb', ['-D', data, '-U', 'civics', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale', 'C'])
  const port = await freePort()
  fs.appendFileSync(
    path.join(data, 'postgresql.conf'),
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dir}'`,
      `max_connections = ${maxConnections}`,
      // A clean shutdown (what these tests do) writes everything; nothing here must survive a machine crash.
      'fsync = off',
      'full_page_writes = off',
      'shared_buffers = 16MB',
      '',
    ].join('\n'),
  )
  let up = false
  const start = () => {
    run('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', 'start'])
    up = true
  }
  const stop = () => {
    run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop'])
    up = false
  }
  start()
  return {
    url: `postgres://civics@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    restart: () => {
      stop()
      start()
    },
    running: () => up,
    destroy: () => {
      try {
        if (up) stop()
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
