import { type Request, type Response, Router } from 'express'
import type { Payload } from 'payload'

import { reasonOf } from '../database/databaseWait'
import { knownMigrations } from '../database/migrationList'
import { fillPool, payloadPool } from '../database/postgresConnections'

/** How long /readyz waits for the database before answering 503. */
const readyTimeoutMs = 3000

let stopping = false
/** From SIGTERM on, /readyz answers 503 so the load balancer stops sending new requests. */
export const markStopping = () => {
  stopping = true
}

const notReady = (res: Response, reason: string) => res.status(503).setHeader('Cache-Control', 'no-store').json({ status: 'unavailable', reason })

/** Every migration this build knows is recorded as applied (the query also proves the database answers). */
const migrationsApplied = async (payload: Payload) => {
  const { docs } = await payload.find({ collection: 'payload-migrations', pagination: false, depth: 0, overrideAccess: true })
  const applied = new Set(docs.filter((doc) => Number(doc.batch ?? 0) > 0).map((doc) => doc.name))
  return knownMigrations().every((migration) => applied.has(migration.name))
}

/**
 * For a load balancer: `GET /healthz` answers 200 while the process runs (also while it boots,
 * see cms/startup/server.ts); `GET /readyz` answers 200 only when the database answers within 3 s, the
 * pool holds all its connections (or PostgreSQL grants the missing ones) and every migration is
 * applied, and 503 while starting, stopping, cut off from the database or refused connections.
 */
export const healthRoutes = (payload: Payload) => {
  const router = Router()
  router.get('/healthz', (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store').json({ status: 'ok' })
  })
  router.get('/readyz', async (_req: Request, res: Response) => {
    if (stopping) return notReady(res, 'stopping')
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), readyTimeoutMs)
    })
    try {
      // An instance that cannot open its pool's connections (PostgreSQL's max_connections reached
      // by other instances) would fail the requests that need more than it holds.
      const pool = payloadPool(payload)
      const refused = pool && (await Promise.race([fillPool(pool), timeout]))
      if (refused) return notReady(res, `the database refuses connections (${reasonOf(refused)})`)
      if (!(await Promise.race([migrationsApplied(payload), timeout]))) return notReady(res, 'migrations pending')
      res.setHeader('Cache-Control', 'no-store').json({ status: 'ready' })
    } catch {
      notReady(res, 'database unreachable')
    } finally {
      clearTimeout(timer)
    }
  })
  return router
}
