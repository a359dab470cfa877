// The instance itself, loaded by the entry (server.ts) once the settings are known to work.
import type { Server } from 'node:http'
import path from 'node:path'

import { getPayload, type Payload } from 'payload'

import { createApp } from '../http/expressApp'
import { boot, config } from './boot'
import { createContentApp } from '../packages/content/app'
import { createContentServer } from '../packages/content/contentServer'
import { packageSettings } from '@collections/BlockedRequests/packageSettings'
import { storylineStore } from '../packages/storyline/packageStore'
import { isDatabaseUnreachable } from '../database/databaseErrors'
import { reasonOf } from '../database/databaseWait'
import { contentPort, publicUrl, serverPort } from '../config/env'
import { createHttpServer } from '../http/httpServer'
import { listenOrStop, stopStarting } from './stopStarting'
import { configuredProductOrigins, defaultContentOrigin, sameSiteWarning, sharesSiteWithContent } from '../http/origins'
import { rootDir, uploadsDir, uploadTmpDir } from '../config/paths'
import { missingDatabaseProblem } from './operatorSettings'
import { openConnections, payloadPool } from '../database/postgresConnections'
import { closeRateLimitStore, openRateLimitConnections } from '../http/rateLimitStore'
import { warmContentReads } from './warmContentReads'
import { warmLoginPath } from './warmLoginPath'

const dev = process.env.NODE_ENV !== 'production'

let payload: Payload | undefined
let content: Server | undefined
const log = (message: string) => (payload ? payload.logger.info(message) : console.log(message))

/** What the start says about where packages play (docs/adr/content-origin-on-another-site.md). */
const contentOriginLines = (): { info: string; warnings: string[] } => {
  const configured = configuredProductOrigins()
  if (!configured)
    return {
      info: `Storyline packages are served on port ${contentPort()} of the other loopback name of the address the product is reached at (localhost ↔ 127.0.0.1); PUBLIC_URL is not set, so every address is the product's.`,
      warnings: [
        `PUBLIC_URL and CONTENT_URL are not set: reached at an address with no loopback twin (a LAN address, a server's name), packages are served from the same host on port ${contentPort()}, where they can set cookies the product reads. In production set PUBLIC_URL, and CONTENT_URL to an address on another registrable domain (docs/deploy.md).`,
      ],
    }
  return {
    info: `Storyline packages are served from ${defaultContentOrigin()} (port ${contentPort()})`,
    warnings: configured.filter(sharesSiteWithContent).map(sameSiteWarning),
  }
}

/**
 * A warm-up that the database cannot serve (gone again, or out of connections) is skipped with one
 * line: the instance serves without it, and /readyz says whether it can reach the database.
 */
const skipWarmUpUnlessBroken = (what: string) => (error: unknown) => {
  if (!isDatabaseUnreachable(error)) throw error
  payload?.logger.warn(`Skipped warming the ${what}: the database cannot be reached (${reasonOf(error)})`)
}

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
  await listenOrStop(server, serverPort(), 'PORT')
  // Before a package is served: what a crash left mid-upload goes, the live versions stay.
  await storylineStore(uploadsDir)
    .repair(uploadTmpDir())
    .then(
      (removed) => removed.length && console.log(`Removed ${removed.length} unfinished Storyline upload files and folders: ${removed.join(', ')}`),
      (error) => console.warn(`Could not check the Storyline packages for unfinished uploads (${(error as Error).message}); serving them as they are.`),
    )
  // The content origin: Storyline packages and their launcher (cms/packages/content/app.ts). It needs no
  // database, so it listens now too, and a port already taken stops the start before the boot.
  content = createContentServer(createContentApp(packageSettings(() => payload)))
  await listenOrStop(content, contentPort(), 'CONTENT_PORT')

  const missingDatabase = await missingDatabaseProblem()
  if (missingDatabase) stopStarting(missingDatabase)
  payload = await boot()
  // Before the first request (and /readyz), the serving process's connections: cms/database/postgresConnections.ts.
  const pool = payloadPool(payload)
  const warn = (message: string) => payload?.logger.warn(message)
  if (pool) await Promise.all([openConnections(pool, warn), openRateLimitConnections(warn)])
  // Before /readyz too: the first class after a start meets a warm login path (cms/startup/warmLoginPath.ts).
  await warmLoginPath(payload).catch(skipWarmUpUnlessBroken('login path'))
  let nextHandler: ((req: any, res: any) => Promise<void>) | undefined
  if (process.env.DISABLE_ADMIN !== 'true') {
    // Loaded only for the admin: Next's module hooks every later require of the process.
    const { default: next } = await import('next')
    const nextApp = next({ dev, dir: path.join(rootDir, 'cms'), port: serverPort() })
    await nextApp.prepare()
    const handle = nextApp.getRequestHandler()
    nextHandler = (req, res) => handle(req, res)
  }
  const app = createApp({ payload, config, next: nextHandler })
  // Before /readyz too: the first class after a start meets warm content reads (cms/startup/warmContentReads.ts).
  await warmContentReads(app, payload).catch(skipWarmUpUnlessBroken('content reads'))
  serve(app)
  // The scheduled jobs (the retention purge) start once the instance serves: Payload's own cron,
  // started by asking for the loaded instance with `cron`. Every instance runs it; the purge itself
  // lets one at a time do the work (collections/AuditLog/retention.ts).
  if (process.env.RETENTION_JOBS !== 'off') await getPayload({ config, cron: true })
  payload.logger.info(`Civics360 is serving ${publicUrl()} (${dev ? 'development' : 'production'}); admin at ${publicUrl()}/admin`)
  const lines = contentOriginLines()
  payload.logger.info(lines.info)
  for (const warning of lines.warnings) payload.logger.warn(warning)
}

/** Listens, boots, opens connections, warms up, then serves; server.ts has checked the settings first. */
export const startInstance = () =>
  main().catch((error) => {
    console.error(error)
    process.exit(1)
  })
