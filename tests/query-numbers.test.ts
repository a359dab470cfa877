/**
 * `limit`, `page` and `depth` out of range, and an upload by URL that may not be fetched, through
 * real HTTP on every collection of the config, anonymously and signed in: a 400 that says what was
 * wrong, and at most one log line, never an error with a stack or the SQL.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { allScopes } from '../common/scopes'
import { maxLimit, maxPage } from '@cms/http/badInput/guard'
import { Actors } from './helpers/actors'
import { type Client, message } from './helpers/client'
import { serverForFile } from './helpers/fileServer'

let clients: [string, Client][]
let editor: Client
const logged: { level: string; text: string }[] = []

const { server } = serverForFile({ env: { RATE_LIMIT_FACTOR: '100' } })
beforeAll(async () => {
  const actors = new Actors(server.payload, server.base)
  editor = await actors.staff(...allScopes)
  const teacher = await actors.educator()
  const student = await actors.student((await actors.classroom(teacher)).id)
  clients = [
    ['anonymous', actors.anonymous()],
    ['student', student],
    ['staff', editor],
  ]
  // Every entry the app writes to its log, as written (Payload, its adapters and the app share this logger).
  const logger = server.payload.logger as unknown as Record<string, (...args: unknown[]) => unknown>
  for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace']) {
    const write = logger[level].bind(logger)
    logger[level] = (...args: unknown[]) => {
      logged.push({ level, text: args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : JSON.stringify(a, errorFields))).join(' ') })
      return write(...args)
    }
  }
}, 120_000)

/** Errors inside logged objects, with their stacks, as the log would show them. */
const errorFields = (_key: string, value: unknown) => (value instanceof Error ? { message: value.message, stack: value.stack } : value)

/** The request's log entries: at most one, never at error level, without a stack or SQL. */
const expectOneQuietLine = async <T>(request: () => Promise<T>): Promise<T> => {
  const start = logged.length
  const result = await request()
  const entries = logged.slice(start)
  expect(entries.length, JSON.stringify(entries).slice(0, 1500)).toBeLessThanOrEqual(1)
  for (const entry of entries) {
    expect(['info', 'debug', 'trace']).toContain(entry.level)
    expect(entry.text).not.toMatch(/\n\s+at |Failed query|select /)
  }
  return result
}

const bad: Record<'limit' | 'page' | 'depth', string[]> = {
  limit: ['99999999999999999999', '-1', 'abc', '1.5', '1e30', String(maxLimit + 1), ''],
  page: ['99999999999999999999', '-1', 'abc', '1.5', '0', String(maxPage + 1), '2147483648'],
  depth: ['99999999999999999999', '-1', 'abc', '1.5', '11'],
}
/** The collections served over HTTP (Payload's migrations table has no endpoints at all). */
const served = () => server.payload.config.collections.filter((c) => c.endpoints !== false)

const ranges = { limit: `0 to ${maxLimit}`, page: `1 to ${maxPage}`, depth: '0 to 10' }

describe('limit, page and depth', () => {
  it('the config has the collections this sweep covers', () => {
    expect(served().map((c) => c.slug)).toEqual(
      expect.arrayContaining(['topics', 'modules', 'activities', 'users', 'attempts', 'payload-locked-documents', 'payload-preferences']),
    )
  })

  it('out of range on every collection: 400 naming the parameter and its range, one quiet log line', async () => {
    const outcomes: string[] = []
    for (const { slug } of served()) {
      for (const [actor, client] of clients) {
        for (const [name, values] of Object.entries(bad) as [keyof typeof bad, string[]][]) {
          for (const value of values) {
            const res = await expectOneQuietLine(() => client.get(`/api/${slug}?${name}=${encodeURIComponent(value)}`))
            const expected = `${name} must be a whole number from ${ranges[name]}.`
            if (res.status !== 400 || message(res) !== expected) outcomes.push(`${slug} ${actor} ${name}=${value}: ${res.status} ${message(res)}`)
          }
        }
        // One document read by id takes depth too (Payload's preferences answer /:key instead, and read no depth).
        if (slug === 'payload-preferences') continue
        const one = await expectOneQuietLine(() => client.get(`/api/${slug}/1?depth=abc`))
        if (one.status !== 400 || message(one) !== 'depth must be a whole number from 0 to 10.')
          outcomes.push(`${slug} ${actor} /1?depth=abc: ${one.status} ${message(one)}`)
      }
    }
    expect(outcomes).toEqual([])
    // Hundreds of requests: room for a loaded machine and PostgreSQL.
  }, 600_000)

  it('a join takes the same limit and page rules', async () => {
    const res = await expectOneQuietLine(() => editor.get('/api/topics?joins[modules][limit]=99999999999999999999'))
    expect({ status: res.status, message: message(res) }).toEqual({
      status: 400,
      message: `joins[modules].limit must be a whole number from 0 to ${maxLimit}.`,
    })
  })

  it('values within range keep working', async () => {
    for (const query of ['limit=0', `limit=${maxLimit}`, 'page=1', `page=${maxPage}`, 'depth=0', 'depth=10', 'limit=5&page=2&depth=1', 'pagination=false']) {
      const res = await editor.get(`/api/topics?${query}`)
      expect({ query, status: res.status }).toEqual({ query, status: 200 })
    }
  })
})

describe('media upload by URL', () => {
  it.each(['http://127.0.0.1:1/photo.png', 'http://169.254.169.254/latest/meta-data/photo.png', 'http://localhost/photo.png'])(
    'an address the SSRF guard refuses (%s) is a 400 that says so, logged as one line, and nothing is stored',
    async (url) => {
      const before = (await server.payload.count({ collection: 'media', overrideAccess: true })).totalDocs
      const res = await expectOneQuietLine(() => editor.post('/api/media', { filename: 'photo.png', url, alt: 'A photo' }))
      expect({ status: res.status, message: message(res) }).toEqual({
        status: 400,
        message: 'The file cannot be fetched from that address: it is on a private or internal network. Upload the file itself instead.',
      })
      expect((await server.payload.count({ collection: 'media', overrideAccess: true })).totalDocs).toBe(before)
    },
  )
})
