import pg from 'pg'

import { keptConnections, logDroppedConnections, openConnections } from '../database/postgresConnections'

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
 * once, outside transactions) is how content changes travel: a writer advances it before answering,
 * and a cached read checks it first. Accounts have versions and NOTIFYs (below).
 */
const versionSequence = 'civics360_content_version'
/** The same for accounts, one version per account (and `*`: every account), so a cached account is used only while current (cms/cache/accountCache.ts). */
const accountVersions = 'civics360_account_versions'

/** An account's own version and every account's (`*`): either advancing outdates a copy of the account. */
export type AccountVersions = { account: string; everyone: string }

export type ChangeSignal = {
  /**
   * Advances the shared content version; resolves once PostgreSQL has it. No NOTIFY: every cached
   * read checks the version first, and a NOTIFY arriving after the writer's own instance had refilled
   * its cache at the new version would empty it again.
   */
  announceContent: () => Promise<void>
  /** The shared content version, or undefined while the connection is down (then nothing is served from a cache). */
  contentVersion: () => Promise<string | undefined>
  /** Advances an account's shared version (`*`: every account's) and tells every instance; resolves once PostgreSQL has both. */
  announceAccount: (id: string) => Promise<void>
  /** An account's shared version and every account's (`*`), read together; undefined while the connection is down. */
  accountVersion: (id: string) => Promise<AccountVersions | undefined>
  close: () => Promise<void>
}

/**
 * The listening connection also gates the versions: while it is down nothing is read or announced
 * (every reader is told "unknown", so nothing is served from a copy), and it clears everything
 * when it is back. The versions are read and advanced on a small pool of their own: a class saving
 * themes announces dozens of accounts a second, and on the listening connection each announcement
 * took a turn of a line that every signed-in read waited in (a turn lasts as long as the busy
 * event loop takes to read its answer, and under a class's load the line was seldom free). Its statements are named: they run on every signed-in
 * request, and each connection then parses and plans them once.
 */
export const listenForChanges = (connectionString: string, onSignal: (message: string | undefined) => void, log: (err: unknown) => void): ChangeSignal => {
  const versions = new pg.Pool({ connectionString, max: 3, ...keptConnections })
  logDroppedConnections(versions, log)
  let client: pg.Client | undefined
  let closed = false
  let retry: NodeJS.Timeout | undefined

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
      void openConnections(versions, log)
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

  /** A line of statements, one at a time: each waits for the one before it to end. */
  const line = () => {
    let last: Promise<unknown> = Promise.resolve()
    return (statement: () => Promise<void>) => {
      last = last.then(statement).catch(log)
    }
  }

  /**
   * Requests that arrive while their line is busy share one statement, sent when the line frees:
   * each caller is answered by a statement that left after it asked (a reader sees what was
   * committed before it asked; an announcement is committed before its caller goes on), and a class
   * browsing costs a statement per turn of the line instead of one per request. A key asked twice
   * in one batch is sent once.
   */
  const batched = <T>(inLine: ReturnType<typeof line>, send: (keys: string[]) => Promise<Map<string, T> | undefined>) => {
    let waiting: Map<string, ((value: T | undefined) => void)[]> | undefined
    return (key: string) =>
      new Promise<T | undefined>((resolve) => {
        if (!waiting) {
          const batch = new Map<string, ((value: T | undefined) => void)[]>()
          waiting = batch
          inLine(async () => {
            waiting = undefined
            const values = await send([...batch.keys()]).catch((err: unknown) => (log(err), undefined))
            for (const [k, resolvers] of batch) for (const done of resolvers) done(values?.get(k))
          })
        }
        const resolvers = waiting.get(key) ?? []
        resolvers.push(resolve)
        waiting.set(key, resolvers)
      })
  }

  // The version reads share one line; the announcements have their own, so neither waits for the other.
  const reads = line()
  const readContentVersion = batched(reads, async () => {
    if (!client) return undefined
    const result = await versions.query<{ last_value: string }>({ name: 'civics360_content_version', text: `SELECT last_value FROM ${versionSequence}` })
    return new Map([['', result.rows[0]?.last_value]])
  })
  const readAccountVersions = batched(reads, async (ids) => {
    if (!client) return undefined
    const { rows } = await versions.query<{ account: string; version: string }>({
      name: 'civics360_account_versions',
      text: `SELECT account, version::text FROM ${accountVersions} WHERE account = ANY($1)`,
      values: [[...ids, '*']],
    })
    const found = new Map(rows.map((row) => [row.account, row.version]))
    const everyone = found.get('*') ?? '0'
    return new Map(ids.map((id) => [id, { account: found.get(id) ?? '0', everyone }]))
  })

  /** Advances a version and notifies, on a pooled connection, committed when it resolves. */
  const announce = async (name: string, text: string, values: unknown[]) => {
    if (!client) return
    await versions.query({ name, text, values }).then(() => undefined, log)
  }

  /**
   * Accounts announced while an announcement is on its way share the next statement (`batched`): a
   * class saving themes announced dozens of accounts a second, each its own statement, its own
   * NOTIFY to commit (PostgreSQL commits those one at a time) and its own wake-up of every instance.
   * Sorted, so two instances lock shared rows in the same order.
   */
  const announceAccounts = batched(line(), async (ids) => {
    await announce(
      'civics360_announce_accounts',
      `WITH bumped AS (
         INSERT INTO ${accountVersions} (account, version) SELECT unnest($1::text[]), 1
         ON CONFLICT (account) DO UPDATE SET version = ${accountVersions}.version + 1 RETURNING account
       ) SELECT pg_notify($2, CASE WHEN account = '*' THEN 'users' ELSE 'user:' || account END) FROM bumped`,
      [ids.sort(), channel],
    )
    return undefined
  })

  return {
    announceContent: () => announce('civics360_announce_content', `SELECT nextval('${versionSequence}')`, []),
    contentVersion: () => readContentVersion(''),
    announceAccount: async (id) => void (await announceAccounts(id)),
    accountVersion: (id) => readAccountVersions(id),
    close: async () => {
      closed = true
      clearTimeout(retry)
      await client?.end().catch(() => undefined)
      client = undefined
      await versions.end().catch(() => undefined)
    },
  }
}
