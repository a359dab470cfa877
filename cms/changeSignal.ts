import pg from 'pg'

/**
 * "Something changed" messages between instances sharing one PostgreSQL: LISTEN/NOTIFY on one
 * dedicated connection per process. PostgreSQL delivers a NOTIFY to every listening session (its
 * sender's too). While the connection is down a message can be missed, so every (re)connection
 * is reported as `undefined`, "anything may have changed": a cache cleared too often is only slower.
 */
const channel = 'civics360_changed'
const retryMs = 1000

/**
 * A NOTIFY reaches the other instances a moment after the change's answer has left, so a reader
 * there could still meet the old content. The content version (a sequence: its value is shared at
 * once, outside transactions) closes that gap: a writer advances it before answering, and a cached
 * read checks it first.
 */
const versionSequence = 'civics360_content_version'
/** The same for accounts, one version per account (and `*`: every account), so a kept account is used only while current (cms/accountCache.ts). */
const accountVersions = 'civics360_account_versions'

export type ChangeSignal = {
  send: (message: string) => Promise<void>
  /** Advances the shared content version; resolves once PostgreSQL has it. */
  bumpContentVersion: () => Promise<void>
  /** The shared content version, or undefined while the connection is down (then nothing is served from a cache). */
  contentVersion: () => Promise<string | undefined>
  /** Advances an account's shared version (`*`: every account's); resolves once PostgreSQL has it. */
  bumpAccountVersion: (id: string) => Promise<void>
  /** An account's shared version, or undefined while the connection is down. */
  accountVersion: (id: string) => Promise<string | undefined>
  close: () => Promise<void>
}

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
      await next.query(`CREATE SEQUENCE IF NOT EXISTS ${versionSequence}`)
      await next.query(`CREATE TABLE IF NOT EXISTS ${accountVersions} (account text PRIMARY KEY, version bigint NOT NULL)`)
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

  // One query at a time on the connection (pg deprecates overlapping ones): queries wait in line.
  const inLine = <T>(query: () => Promise<T> | undefined): Promise<T | undefined> => {
    const result = sending.then(query)
    sending = result.then(
      () => undefined,
      () => undefined,
    )
    return result
  }

  return {
    /** Resolves once PostgreSQL has taken the message (it is then on its way to every listener). */
    send: (message) => inLine(() => client?.query('SELECT pg_notify($1, $2)', [channel, message])).then(() => undefined, log),
    bumpContentVersion: () => inLine(() => client?.query(`SELECT nextval('${versionSequence}')`)).then(() => undefined, log),
    contentVersion: () =>
      inLine(() => client?.query<{ last_value: string }>(`SELECT last_value FROM ${versionSequence}`)).then(
        (result) => result?.rows[0]?.last_value,
        (err) => (log(err), undefined),
      ),
    bumpAccountVersion: (id) =>
      inLine(() =>
        client?.query(
          `INSERT INTO ${accountVersions} (account, version) VALUES ($1, 1) ON CONFLICT (account) DO UPDATE SET version = ${accountVersions}.version + 1`,
          [id],
        ),
      ).then(() => undefined, log),
    accountVersion: (id) =>
      inLine(() =>
        client?.query<{ version: string }>(
          `SELECT coalesce(string_agg(account || '=' || version, ',' ORDER BY account), '') AS version FROM ${accountVersions} WHERE account IN ($1, '*')`,
          [id],
        ),
      ).then(
        (result) => result?.rows[0]?.version,
        (err) => (log(err), undefined),
      ),
    close: async () => {
      closed = true
      clearTimeout(retry)
      await client?.end().catch(() => undefined)
      client = undefined
    },
  }
}
