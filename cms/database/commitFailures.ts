import { randomUUID } from 'node:crypto'

import type { DatabaseAdapterObj, Payload } from 'payload'

type Session = { db: unknown; resolve: () => Promise<void>; reject: () => Promise<void> }
type DrizzleAdapter = {
  initializing: Promise<void>
  drizzle: { transaction: (run: (tx: unknown) => Promise<void>, options?: unknown) => Promise<void> }
  transactionOptions?: unknown
  sessions: Record<string, Session>
  payload: Payload
  beginTransaction: (options?: unknown) => Promise<string | number | null>
}

/**
 * Payload's transactions on PostgreSQL (@payloadcms/drizzle's `beginTransaction`) hold a Drizzle
 * transaction open until the operation commits; the promise of that transaction ends in a `catch`
 * that only reports a failure to open it. A COMMIT that fails (PostgreSQL restarted between the
 * write and its commit) was swallowed there: the operation answered 201 for a row that was rolled
 * back, an acknowledged write lost. This is the same transaction, with the COMMIT's failure kept
 * and thrown by the commit (Payload's `commitTransaction` catches what the commit throws and
 * rolls back: that rollback throws it again), so the request fails (503: cms/database/databaseErrors.ts)
 * and the client tries again. A failed rollback is not thrown: the transaction is undone either way.
 */
async function beginTransactionKeepingCommitFailures(this: DrizzleAdapter, options?: unknown): Promise<string> {
  const id = randomUUID()
  try {
    await this.initializing
    let opened = false
    let committing = false
    let failure: { error: unknown } | undefined
    let transactionReady: () => void = () => undefined
    let transactionFailed: (error: unknown) => void = () => undefined
    let session: Session | undefined
    const done = this.drizzle
      .transaction(async (tx) => {
        await new Promise<void>((finish, undo) => {
          session = {
            db: tx,
            resolve: () => {
              committing = true
              finish()
              return committed
            },
            // Payload's commit calls this when the commit throws: the failure must reach it again.
            reject: () => {
              // A rejection with no reason is Drizzle's rollback, as in Payload's own.
              undo()
              return committing ? committed : done
            },
          }
          opened = true
          transactionReady()
        })
      }, options || this.transactionOptions)
      .catch((error: unknown) => {
        if (!opened) transactionFailed(error)
        else failure = { error }
      })
    const committed = done.then(() => {
      if (failure) throw failure.error
    })
    // Marked as handled here; the commit that awaits it still receives the failure.
    committed.catch(() => undefined)
    await new Promise<void>((ready, failed) => {
      transactionReady = ready
      transactionFailed = failed
    })
    this.sessions[id] = session!
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err)
    this.payload.logger.error({ err, msg: `Error: cannot begin transaction: ${message}` })
    throw new Error(`Error: cannot begin transaction: ${message}`, { cause: err })
  }
  return id
}

/**
 * Payload's PostgreSQL adapter, whose transactions throw a failed COMMIT (above). Through the
 * adapter's `init`, the hook by which Payload makes the adapter of each Payload instance.
 */
export const keepingCommitFailures = (adapter: DatabaseAdapterObj): DatabaseAdapterObj => {
  const init = adapter.init
  return {
    ...adapter,
    init: (args) => {
      const db = init(args) as unknown as DrizzleAdapter
      if (typeof db.beginTransaction === 'function') db.beginTransaction = beginTransactionKeepingCommitFailures
      return db as unknown as ReturnType<typeof init>
    },
  }
}
