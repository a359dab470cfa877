import http from 'node:http'
import zlib from 'node:zlib'

import { beforeAll, describe, expect, it } from 'vitest'

import { Actors } from './helpers/actors'
import { serverForFile } from './helpers/fileServer'

/**
 * Answers made per request (Payload's JSON outside the public-read cache, the SPA's
 * page) are compressed whole in one call (cms/http/wholeAnswer.ts): in the encoding the client
 * prefers, with the length of the bytes sent, and the same content whichever encoding it asked.
 */

let staffToken: string

const { server } = serverForFile({ env: { RATE_LIMIT_FACTOR: '100' } })
beforeAll(async () => {
  const actors = new Actors(server.payload, server.base)
  for (let i = 0; i < 8; i++) await actors.educator()
  staffToken = (await actors.staff('users:read')).token as string
})

/** The raw bytes and headers (fetch() would decompress and hide the encoding). */
const raw = (path: string, headers: Record<string, string>) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${server.base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body

describe('answers made per request', () => {
  it("are sent in the client's preferred encoding with their length, the same JSON in each", async () => {
    const path = '/api/users?limit=50&depth=0'
    const asked = (encoding: string) => raw(path, { authorization: `JWT ${staffToken}`, 'accept-encoding': encoding })
    const plain = await asked('identity')
    expect(plain.status).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.length).toBeGreaterThan(1024)
    const users = JSON.parse(plain.body.toString('utf8'))
    expect(users.docs.length).toBeGreaterThanOrEqual(9)

    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip;q=1', 'gzip'],
    ]) {
      const answer = await asked(accept)
      expect(answer.headers['content-encoding']).toBe(expected)
      expect(answer.headers.vary).toMatch(/Accept-Encoding/)
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length)
      expect(answer.body.length).toBeLessThan(plain.body.length / 2)
      expect(JSON.parse(decode(expected, answer.body).toString('utf8'))).toEqual(users)
    }
  })

  it('leaves a small answer as it is', async () => {
    const health = await raw('/api/users/me', { 'accept-encoding': 'br, gzip' })
    expect(health.status).toBe(200)
    expect(health.body.length).toBeLessThan(1024)
    expect(health.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(health.body.toString('utf8'))).toMatchObject({ user: null })
  })

  it("sends the SPA's page compressed, with its page data", async () => {
    const page = await raw('/login', { 'accept-encoding': 'br' })
    expect(page.status).toBe(200)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.headers['content-encoding']).toBe('br')
    expect(Number(page.headers['content-length'])).toBe(page.body.length)
    expect(decode('br', page.body).toString('utf8')).toMatch(/<script id="page-data" type="application\/json">\{"csrfToken":/)
  })
})
