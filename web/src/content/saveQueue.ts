/**
 * The browser's outbox for a package's saves (PUT /api/activities/:id/attempt). Every save is
 * written to IndexedDB first, then sent; a save that cannot be sent (no network, a server that does
 * not answer) stays there and is sent again later: after a growing delay, as soon as the browser
 * says it is online again, and when a page of the product loads. Saves leave in the order they were
 * made, one at a time, so an older state never lands after a newer one.
 *
 * Saves are whole states, not deltas: a newer save of the same session replaces an older one that
 * has not left yet, and sending one twice (its answer lost on the way back) changes nothing. Each
 * carries an id in `Idempotency-Key` all the same, so the server can recognise a repeat.
 *
 * Entries belong to the student who made them and are sent only while that student is signed in.
 */
import { getCsrfToken } from '../api/client'
import type { Attempt, Launch } from '../api/types'

export interface QueuedSave {
  /** Sent as `Idempotency-Key`: the same save keeps its id however often it is tried. */
  id: string
  /** Order of the saves, across reloads and tabs. */
  seq: number
  user: string
  activity: string
  session: string
  body: Record<string, unknown>
}

export type SendOutcome = { kind: 'sent'; attempt?: Attempt } | { kind: 'retry' } | { kind: 'refused' }

/** Where the entries live; IndexedDB in the browser. */
export interface SaveStore {
  all(): Promise<QueuedSave[]>
  put(save: QueuedSave): Promise<void>
  delete(id: string): Promise<void>
}

export type SaveState = 'idle' | 'saved' | 'pending' | 'retrying'

interface QueueOptions {
  store: SaveStore
  send: (save: QueuedSave) => Promise<SendOutcome>
  /** The delay before the next try after `failures` failed ones. */
  retryDelay?: (failures: number) => number
  onSent?: (save: QueuedSave, attempt: Attempt | undefined) => void
}

/** The delay the spec gives the app's requests between retries, growing with each failure up to a ceiling. */
export const retryDelay = (failures: number) => Math.min(1000 * 2 ** Math.max(0, failures - 1), 30_000)

const bySeq = (a: QueuedSave, b: QueuedSave) => a.seq - b.seq

const newId = () =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`

export class SaveQueue {
  private entries: QueuedSave[] = []
  private loaded: Promise<void> | null = null
  private user: string | null = null
  private inFlight: string | null = null
  private failures = 0
  private lastSeq = 0
  private timer: ReturnType<typeof setTimeout> | undefined
  private flushing: Promise<void> | null = null
  private again = false
  /** Activities with a save that reached the server since this page loaded. */
  private savedActivities = new Set<string>()
  private listeners = new Set<() => void>()
  /** Changes to the store are made one at a time within the tab. */
  private changes: Promise<unknown> = Promise.resolve()

  constructor(private readonly options: QueueOptions) {}

  private holders: string[] = []

  /**
   * A screen of the signed-in student is showing: their entries may be sent. Answers the release,
   * called when the screen goes (a sign-out unmounts it, so another student's session never
   * carries them).
   */
  holdUser(user: string): () => void {
    this.holders.push(user)
    this.setUser(user)
    return () => {
      const index = this.holders.lastIndexOf(user)
      if (index >= 0) this.holders.splice(index, 1)
      this.setUser(this.holders[this.holders.length - 1] ?? null)
    }
  }

  /** The signed-in student; only their entries are sent. */
  setUser(user: string | null): void {
    if (this.user === user) return
    this.user = user
    this.failures = 0
    clearTimeout(this.timer)
    this.notify()
    if (user) void this.flush()
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** What the student is told about an activity's saves. */
  state(activity: string): SaveState {
    const waiting = this.entries.some((entry) => entry.activity === activity && entry.user === this.user)
    if (waiting) return this.failures > 0 ? 'retrying' : 'pending'
    return this.savedActivities.has(activity) ? 'saved' : 'idle'
  }

  /** The signed-in student's saves of the activity still waiting, oldest first. */
  async waiting(activity: string): Promise<QueuedSave[]> {
    await this.load()
    return this.entries.filter((entry) => entry.user === this.user && entry.activity === activity)
  }

  /**
   * Queues a save and starts sending. The entry (with its id) is made at once, so a page that is
   * going away can also send it with keepalive; `stored` resolves once it is in the store.
   */
  add(save: Omit<QueuedSave, 'id' | 'seq'>): { entry: QueuedSave; stored: Promise<void> } {
    this.lastSeq = Math.max(this.lastSeq + 1, Date.now() * 1000)
    const entry: QueuedSave = { ...save, id: newId(), seq: this.lastSeq }
    const stored = this.change(async () => {
      await this.load()
      // A newer whole state of the same session makes the older ones that have not left useless.
      const superseded = this.entries.filter(
        (e) => e.user === save.user && e.activity === save.activity && e.session === save.session && e.id !== this.inFlight && e.seq < entry.seq,
      )
      this.entries = [...this.entries.filter((e) => !superseded.includes(e)), entry].sort(bySeq)
      this.notify()
      await this.options.store.put(entry)
      for (const old of superseded) await this.options.store.delete(old.id)
    })
    void stored.then(() => this.flush())
    return { entry, stored }
  }

  /**
   * A new session of the activity opened while saves of an earlier one still wait: they carry the
   * state the new session starts from, so they are sent as the new session's (the server counts
   * only the open session's saves). Answers the launch with the waiting state in place of the
   * server's older one, so the package resumes where the student was.
   */
  adopt(activity: string, launch: Launch): Promise<Launch> {
    return this.change(async () => {
      await this.load()
      const session = launch.session
      const waiting = this.entries.filter((e) => e.user === this.user && e.activity === activity).sort(bySeq)
      const latest = waiting[waiting.length - 1]
      if (!session || !latest) return launch
      for (const entry of waiting) {
        entry.session = session
        entry.body = { ...entry.body, session }
        await this.options.store.put(entry)
      }
      return withLocalState(launch, latest.body)
    })
  }

  /** Sends what waits, oldest first, until it is all sent or one cannot be. */
  flush(): Promise<void> {
    if (this.flushing) {
      this.again = true
      return this.flushing
    }
    clearTimeout(this.timer)
    this.flushing = this.withLock(() => this.sendAll()).finally(() => {
      this.flushing = null
      if (this.again) {
        this.again = false
        void this.flush()
      }
    })
    return this.flushing
  }

  private async sendAll(): Promise<void> {
    for (;;) {
      // The store is the truth: another tab may have sent or added entries meanwhile.
      this.entries = (await this.options.store.all()).sort(bySeq)
      this.lastSeq = Math.max(this.lastSeq, ...this.entries.map((e) => e.seq))
      this.notify()
      const next = this.entries.find((entry) => entry.user === this.user)
      if (!next) {
        this.failures = 0
        this.notify()
        return
      }
      this.inFlight = next.id
      let outcome: SendOutcome
      try {
        outcome = await this.options.send(next)
      } catch {
        outcome = { kind: 'retry' }
      } finally {
        this.inFlight = null
      }
      if (outcome.kind === 'retry') {
        this.failures += 1
        this.notify()
        this.timer = setTimeout(() => void this.flush(), (this.options.retryDelay ?? retryDelay)(this.failures))
        return
      }
      this.failures = 0
      await this.change(async () => {
        await this.options.store.delete(next.id)
        this.entries = this.entries.filter((e) => e.id !== next.id)
      })
      if (outcome.kind === 'sent') {
        this.savedActivities.add(next.activity)
        this.options.onSent?.(next, outcome.attempt)
      }
      this.notify()
    }
  }

  private load(): Promise<void> {
    this.loaded ??= this.options.store.all().then((all) => {
      this.entries = all.sort(bySeq)
      this.lastSeq = Math.max(this.lastSeq, ...all.map((e) => e.seq))
      this.notify()
    })
    return this.loaded
  }

  private change<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.changes.then(fn, fn)
    this.changes = next.catch(() => undefined)
    return next
  }

  /** One tab sends at a time (Web Locks where the browser has them), so two never send the same save. */
  private withLock(fn: () => Promise<void>): Promise<void> {
    const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined
    return locks ? locks.request('civics-save-queue', fn).then(() => undefined) : fn()
  }

  private notify() {
    for (const listener of this.listeners) listener()
  }
}

/** Elements a package writes but never reads back; never part of a launch. */
const writeOnly = new Set(['cmi.core.exit', 'cmi.core.session_time', 'cmi.exit', 'cmi.session_time'])

/** The launch with a waiting save's SCORM data and package storage in place of the server's. */
export const withLocalState = (launch: Launch, body: Record<string, unknown>): Launch => {
  const out: Launch = { ...launch }
  const cmi = body.cmi as Record<string, string> | undefined
  if (launch.scorm && cmi) {
    const merged: Record<string, string> = { ...launch.scorm.cmi }
    for (const [key, value] of Object.entries(cmi)) if (!writeOnly.has(key)) merged[key] = value
    const entry = launch.standard === 'scorm12' ? 'cmi.core.entry' : 'cmi.entry'
    const location = launch.standard === 'scorm12' ? 'cmi.core.lesson_location' : 'cmi.location'
    if (merged['cmi.suspend_data'] || merged[location]) merged[entry] = 'resume'
    out.scorm = { ...launch.scorm, cmi: merged }
    out.resume = merged[entry] === 'resume'
  }
  if (body.storage && typeof body.storage === 'object') out.storage = body.storage as Launch['storage']
  return out
}

// ---------------------------------------------------------------------------
// The browser's store and the product's save request

const DATABASE = 'civics-save-queue'
const STORE = 'saves'

const request = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })

/** Entries in IndexedDB; kept in memory only where the browser has none (a private window may refuse it). */
export function indexedDbStore(factory: IDBFactory | undefined = typeof indexedDB === 'undefined' ? undefined : indexedDB): SaveStore {
  if (!factory) return memoryStore()
  let opened: Promise<IDBDatabase> | null = null
  const db = () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const open = factory.open(DATABASE, 1)
      open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'id' })
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    }))
  const fallback = memoryStore()
  const run = async <T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T>, otherwise: () => Promise<T>): Promise<T> => {
    let database: IDBDatabase
    try {
      database = await db()
    } catch {
      return otherwise()
    }
    const tx = database.transaction(STORE, mode)
    const result = request(fn(tx.objectStore(STORE)))
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve()
      tx.onerror = () => reject(tx.error)
      tx.onabort = () => reject(tx.error)
    })
    return result
  }
  return {
    all: () => run('readonly', (s) => s.getAll() as IDBRequest<QueuedSave[]>, fallback.all),
    put: (save) =>
      run(
        'readwrite',
        (s) => s.put(save),
        () => fallback.put(save).then(() => ''),
      ).then(() => undefined),
    delete: (id) =>
      run(
        'readwrite',
        (s) => s.delete(id) as IDBRequest<unknown>,
        () => fallback.delete(id),
      ).then(() => undefined),
  }
}

export function memoryStore(initial: QueuedSave[] = []): SaveStore {
  const saves = new Map(initial.map((save) => [save.id, structuredClone(save)]))
  return {
    all: async () => [...saves.values()].map((save) => structuredClone(save)),
    put: async (save) => {
      saves.set(save.id, structuredClone(save))
    },
    delete: async (id) => {
      saves.delete(id)
    },
  }
}

/** The body size the Fetch standard allows a keepalive request (its inflight keepalive quota). */
const KEEPALIVE_MAX_BYTES = 64 * 1024
/** A save with no answer by then is tried again (the server may have it: saves are whole states). */
const SEND_TIMEOUT_MS = 20_000

const timeoutSignal = (ms: number): AbortSignal | undefined => (typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(ms) : undefined)

/** A status the server may answer differently a moment later; anything else in 4xx never will. */
const retryable = (status: number) => status >= 500 || status === 401 || status === 403 || status === 408 || status === 429

/** PUT /api/activities/:id/attempt with the signed-in student's session. */
export async function sendSave(save: QueuedSave, keepalive = false): Promise<SendOutcome> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': save.id }
  const token = getCsrfToken()
  if (token) headers['X-XSRF-TOKEN'] = token
  const text = JSON.stringify(save.body)
  let response: Response
  try {
    response = await fetch(`/api/activities/${encodeURIComponent(save.activity)}/attempt`, {
      method: 'PUT',
      headers,
      credentials: 'same-origin',
      body: text,
      // Browsers refuse a keepalive request over the quota outright; a larger one goes as a plain
      // request, which the page's unload may or may not let through (it stays queued either way).
      keepalive: keepalive && new TextEncoder().encode(text).length < KEEPALIVE_MAX_BYTES,
      // A connection that died without saying so would hold every later save behind this one.
      signal: keepalive ? undefined : timeoutSignal(SEND_TIMEOUT_MS),
    })
  } catch {
    return { kind: 'retry' }
  }
  if (response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { attempt?: Attempt }
    return { kind: 'sent', attempt: answer.attempt }
  }
  return retryable(response.status) ? { kind: 'retry' } : { kind: 'refused' }
}

let shared: SaveQueue | null = null
const sentListeners = new Set<(save: QueuedSave, attempt: Attempt | undefined) => void>()

/** The page's one queue, over IndexedDB; it sends again as soon as the browser is back online. */
export function saveQueue(): SaveQueue {
  if (shared) return shared
  const queue = new SaveQueue({
    store: indexedDbStore(),
    send: (save) => sendSave(save),
    onSent: (save, attempt) => {
      for (const listener of sentListeners) listener(save, attempt)
    },
  })
  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => void queue.flush())
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void queue.flush()
    })
  }
  shared = queue
  return queue
}

/** Called with each save the server took (the card's status follows it). */
export function onSaveSent(listener: (save: QueuedSave, attempt: Attempt | undefined) => void): () => void {
  sentListeners.add(listener)
  return () => sentListeners.delete(listener)
}
