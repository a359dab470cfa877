/**
 * SIGTERM while a Storyline package is still uploading: the uploader gets an answer (503, try
 * again, with Retry-After) instead of a vanished connection, and the process exits within the
 * 10 s the deployment guide promises. A real instance on PostgreSQL; the upload trickles in so it
 * cannot finish within the drain.
 */
import { randomBytes } from 'node:crypto'
import http from 'node:http'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { restartingMessage } from '@cms/http/httpServer'
import { startServerProcess, type ServerProcess } from '../e2e/serverProcess'
import { packageFiles } from '../helpers/packages'
import { buildZip } from '../helpers/zips'
import { bearer, demoPassword, exited, freshPostgres, login, sharedEnv, sleep } from './instances'

let db: Awaited<ReturnType<typeof freshPostgres>>
let instance: ServerProcess

beforeAll(async () => {
  db = await freshPostgres()
  instance = await startServerProcess({ name: 'draining', env: { ...sharedEnv(db.url), SEED_DEMO_ACCOUNTS: 'true', WARM_UP_LOGINS: '0' } })
})
afterAll(async () => {
  await instance?.stop()
  await db?.drop()
})

/** A multipart body carrying `zip` as the field `file`. */
const multipart = (zip: Buffer) => {
  const boundary = `----drill${randomBytes(8).toString('hex')}`
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="quiz.zip"\r\nContent-Type: application/zip\r\n\r\n`),
    zip,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}

describe('SIGTERM during an upload', () => {
  it('answers the uploader 503 (try again) and exits within 10 s', async () => {
    const editor = await login(instance.baseURL, 'editor@civics360.local', demoPassword(instance.dir, 'editor@civics360.local'))
    const modules = (await (await fetch(`${instance.baseURL}/api/modules?limit=1&depth=0`)).json()) as { docs: { id: number }[] }
    const created = await fetch(`${instance.baseURL}/api/activities`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(editor.token) },
      body: JSON.stringify({ title: 'Drained quiz', type: 'storyline', markdown: 'Quiz.', module: modules.docs[0].id }),
    })
    expect(created.status).toBe(201)
    const activity = ((await created.json()) as { doc: { id: number } }).doc

    const { body, contentType } = multipart(
      await buildZip([...packageFiles('scorm12'), { name: 'story_content/video.bin', data: randomBytes(4 * 1024 * 1024), compress: false }]),
    )
    const url = new URL(`${instance.baseURL}/api/activities/${activity.id}/storyline`)
    let answer: { status: number; retryAfter?: string; text: string } | undefined
    let failure: Error | undefined
    const upload = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: { 'content-type': contentType, 'content-length': body.length, ...bearer(editor.token) },
    })
    upload.on('response', (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => (answer = { status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], text }))
    })
    upload.on('error', (error) => (failure = error))

    // The first part arrives; then the signal; then the rest trickles in, too slowly to finish within the drain.
    let sent = 64 * 1024
    upload.write(body.subarray(0, sent))
    await sleep(500)
    const signalled = Date.now()
    instance.child.kill('SIGTERM')
    const gone = exited(instance)
    let exitedAt = 0
    void gone.then(() => (exitedAt = Date.now()))
    while (!answer && !failure && !exitedAt && sent < body.length) {
      upload.write(body.subarray(sent, sent + 8 * 1024))
      sent += 8 * 1024
      await sleep(100)
    }
    expect(await gone).toEqual({ code: 0, signal: null })
    expect(exitedAt - signalled).toBeLessThan(10_000)
    // The answer arrived before the process ended.
    expect(failure).toBeUndefined()
    expect(answer?.status, answer?.text).toBe(503)
    expect(answer?.retryAfter).toBe('5')
    expect(JSON.parse(answer?.text ?? '{}').errors[0].message).toBe(restartingMessage)
    upload.destroy()
  })
})
