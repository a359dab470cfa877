import pg from 'pg'

/**
 * "Something changed" messages between instances sharing one PostgreSQL: LISTEN/NOTIFY on one
 * dedicated connection per process. PostgreSQL delivers a NOTIFY to every listening session (its
 * sender's too). While the connection is down a message can be missed, so every (re)connection
 * is reported as `undefined`, "anything may have changed": a cache cleared too often is only slower.
 */
const channel = 'civics360_changed'
const retryMs = 1000

export type ChangeSignal = { send: (message: string) => Promise<void>; close: () => Promise<void> }

export const listenForChanges = (connectionString: string, onSignal: (message: string | undefined) => void, log: (err: unknown) => void): ChangeSignal => {
  let client: pg.Client | undefined
  let closed = false
  let retry: NodeJS.Timeout | undefined
  let sending: Promise<void> = Promise.resolve()

  const connect = async () => {
    const next = new pg.Client({ connectionString })
    next.on('notification', (notification) => onSignal(notification.payload))
    next.on('error', (err) => {
      log(err)
      reconnect(next)
    })
    next.on('end', () => reconnect(next))
    try {
      await next.connect()
      await next.query(`LISTEN ${channel}`)
      if (closed) return void (await next.end())
      client = next
      onSignal(undefined)
    } catch (err) {
      log(err)
      reconnect(next)
    }
  }
  const reconnect = (failed: pg.Client) => {
    if (closed || retry || (client && client !== failed)) return
    client = undefined
    failed.end().catch(() => undefined)
    retry = setTimeout(() => {
      retry = undefined
      void connect()
    }, retryMs)
    retry.unref()
  }
  void connect()

  return {
    /** Resolves once PostgreSQL has taken the message (it is then on its way to every listener). */
    send: (message) => {
      // One query at a time on the connection (pg deprecates overlapping ones): sends wait in line.
      sending = sending.then(() => client?.query('SELECT pg_notify($1, $2)', [channel, message])).then(() => undefined, log)
      return sending
    },
    close: async () => {
      closed = true
      clearTimeout(retry)
      await client?.end().catch(() => undefined)
      client = undefined
    },
  }
}
