import type { Server } from 'node:http'
import path from 'node:path'

import next from 'next'
import type { Payload } from 'payload'

import { createApp } from './expressApp'
import { boot, config } from './boot'
import { createContentApp } from './content/app'
import { contentPort, contentUrl, publicUrl } from './env'
import { createHttpServer } from './httpServer'
import { rootDir } from './paths'
import { openConnections, payloadPool } from './postgresConnections'
import { closeRateLimitStore, openRateLimitConnections } from './rateLimitStore'
import { warmContentReads } from './warmContentReads'
import { warmLoginPath } from './warmLoginPath'

const port = Number(process.env.PORT || 3000)
const dev = process.env.NODE_ENV !== 'production'

let payload: Payload | undefined
let content: Server | undefined
const log = (message: string) => (payload ? payload.logger.info(message) : console.log(message))

const main = async () => {
  const { server, serve, stop } = createHttpServer(log)
  const cleanup = async () => {
    content?.closeAllConnections()
    content?.close()
    await closeRateLimitStore()
    await payload?.destroy()
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stop(signal, cleanup))
  // A promise some library forgot to await (Payload 3.90 validates part of a `where` path that way)
  // must not take every request down with the process: it is logged, and serving goes on.
  process.on('unhandledRejection', (reason) => (payload ? payload.logger.error({ err: reason }, 'Unhandled promise rejection') : console.error(reason)))
  // Listening before the boot lets a load balancer see the process (/healthz) while it migrates or waits for another instance.
  await new Promise<void>((resolve) => server.listen(port, resolve))

  payload = await boot()
  // Before the first request (and /readyz), the serving process's connections: cms/postgresConnections.ts.
  const pool = payloadPool(payload)
  const warn = (message: string) => payload?.logger.warn(message)
  if (pool) await Promise.all([openConnections(pool, warn), openRateLimitConnections(warn)])
  // Before /readyz too: the first class after a start meets a warm login path (cms/warmLoginPath.ts).
  await warmLoginPath(payload)
  let nextHandler: ((req: any, res: any) => Promise<void>) | undefined
  if (process.env.DISABLE_ADMIN !== 'true') {
    const nextApp = next({ dev, dir: path.join(rootDir, 'cms'), port })
    await nextApp.prepare()
    const handle = nextApp.getRequestHandler()
    nextHandler = (req, res) => handle(req, res)
  }
  const app = createApp({ payload, config, next: nextHandler })
  // Before /readyz too: the first class after a start meets warm content reads (cms/warmContentReads.ts).
  await warmContentReads(app, payload)
  serve(app)
  payload.logger.info(`Civics360 is serving ${publicUrl()} (${dev ? 'development' : 'production'}); admin at ${publicUrl()}/admin`)
  // The content origin: Storyline packages and their launcher (cms/content/app.ts).
  content = createContentApp().listen(contentPort(), () => {
    payload?.logger.info(`Storyline packages are served from ${contentUrl()} (port ${contentPort()})`)
  })
  content.on('error', (error) => {
    payload?.logger.error({ err: error }, `The content origin could not listen on port ${contentPort()} (set CONTENT_PORT)`)
    process.exit(1)
  })
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
