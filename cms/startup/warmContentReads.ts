import http from 'node:http'
import type { AddressInfo } from 'node:net'

import type { Payload } from 'payload'

import { apiPaths } from '@common/apiPaths'

/** At most this many topics and modules are read: a large site's start stays short. */
const mostDocuments = 40

/** A GET to the app on the loopback `port`, its answer read to the end; anything but a 200 rejects. */
const read = (port: number, path: string) =>
  new Promise<void>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      res.on('data', () => undefined)
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${path}: ${res.statusCode}`))))
      res.on('error', reject)
    })
    req.on('error', reject)
  })

/**
 * The content a class reads first (the home data, each topic, each module with its activities),
 * asked through the app itself on a loopback port before the instance serves. On a process just
 * started, each of those answers runs in V8's interpreter and finds Payload's and Lexical's code
 * cold, many times slower than its next read: a class browsing right after its logins on servers
 * just started waited for that in its first seconds. A visitor's answers stay in the public-read cache
 * (cms/cache/publicCache.ts); a member's are computed at the first member's read, by warm code.
 */
export async function warmContentReads(app: http.RequestListener, payload: Payload) {
  // Never a reason not to serve: a failure is logged, and the instance starts cold.
  await readFirstContent(app, payload).catch((err: unknown) => payload.logger.warn({ err }, 'The content reads could not be warmed up'))
}

const readFirstContent = async (app: http.RequestListener, payload: Payload) => {
  const started = performance.now()
  const find = (collection: 'topics' | 'modules') =>
    payload.find({ collection, sort: 'order', limit: mostDocuments, depth: 0, overrideAccess: false, pagination: false })
  const [topics, modules] = await Promise.all([find('topics'), find('modules')])
  const paths = [apiPaths.topics(), ...topics.docs.map((topic) => apiPaths.topic(topic.id)), ...modules.docs.map((module) => apiPaths.module(module.id))]
  const server = http.createServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  let failed = 0
  try {
    for (const path of paths) await read(port, path).catch((err: unknown) => (failed++, payload.logger.warn({ err }, 'A content read to warm up failed')))
  } finally {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
  payload.logger.info(`Warmed the content reads before serving: ${paths.length - failed} of ${paths.length} in ${Math.round(performance.now() - started)} ms`)
}
