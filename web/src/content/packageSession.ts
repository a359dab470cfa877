/**
 * One student's session with a Storyline package in the activity modal: the handshake with the
 * launcher frame on the content origin, the SCORM runtime (if the package speaks SCORM), the
 * package's cookies and localStorage (relayed by the launcher's storage shim, kept on the attempt
 * instead of in the browser), and the saves, which go through the page's save queue
 * (saveQueue.ts: kept in the browser until PUT /api/activities/:id/attempt takes them).
 *
 * Messages are accepted only from the launcher frame's window and the content origin. The
 * session outlives the modal for a moment after it closes: the package's own LMSFinish, sent as
 * its frame unloads, still arrives and is saved; then a last save records the time spent.
 */
import { PACKAGE_STORAGE_MAX_BYTES, type PackageStorage, packageStorageBytes } from '../../../common/packageStorage'
import type { Launch } from '../api/types'
import { type QueuedSave, saveQueue, sendSave, type SaveQueue } from './saveQueue'
import { createScormRuntime, savedData, type ScormApi, type ScormRuntime, type ScormStandard } from './scormRuntime'

export interface PackageSessionOptions {
  activityId: string | number
  title: string
  launch: Launch
  /** The signed-in student: the queue sends their saves only while they are signed in. */
  user: string
  frameWindow: () => Window | null
  onEscape: () => void
  /** The package ended the course (SCORM finish after completing it). */
  onFinished?: () => void
  queue?: SaveQueue
}

const isScorm = (standard: string): standard is ScormStandard => standard === 'scorm12' || standard === 'scorm2004'

/** How long the session keeps listening after the modal closed (the package's unload calls). */
export const CLOSE_GRACE_MS = 1500
const SETTLE_MS = 3000

/** The package has reached the end of the course by its own data model. */
const completed = (standard: ScormStandard, api: ScormApi): boolean => {
  const data = savedData(standard, api)
  return standard === 'scorm12'
    ? ['passed', 'completed', 'failed'].includes(data['cmi.core.lesson_status'] ?? '')
    : data['cmi.completion_status'] === 'completed' || ['passed', 'failed'].includes(data['cmi.success_status'] ?? '')
}

/** Each activity's last save after its modal closed, while it is under way. */
const closingSaves = new Map<string, Promise<void>>()

/**
 * Resolves once the last save of the activity's previous session is done: a reopen waits for it,
 * else its launch could carry the state from before that save and the package would start over.
 */
export const afterClosingSave = (activityId: unknown): Promise<void> => closingSaves.get(String(activityId)) ?? Promise.resolve()

export class PackageSession {
  private runtime: ScormRuntime | null = null
  private ready = false
  private readyAsked = false
  /** The package was started in the frame: only then is there anything to save. */
  private started = false
  private closed = false
  private saveTimer: ReturnType<typeof setTimeout> | undefined
  /** The last save's way into the queue (the closing save waits for it). */
  private saving: Promise<void> = Promise.resolve()
  /** The package's storage as it last changed in this session; undefined while unchanged. */
  private storage: PackageStorage | undefined

  constructor(private readonly options: PackageSessionOptions) {}

  async start(): Promise<void> {
    window.addEventListener('message', this.onMessage)
    window.addEventListener('pagehide', this.onPageHide)
    const { launch } = this.options
    if (isScorm(launch.standard)) {
      this.runtime = await createScormRuntime(launch.standard, launch.scorm?.cmi ?? {}, launch.contentOrigin, this.options.frameWindow)
      const now = () => this.save()
      const soon = () => this.saveSoon()
      const standard = launch.standard
      const finish = () => {
        this.save()
        if (this.runtime && completed(standard, this.runtime.api)) this.options.onFinished?.()
      }
      for (const event of ['LMSCommit', 'Commit']) this.runtime.api.on(event, now)
      for (const event of ['LMSFinish', 'Terminate']) this.runtime.api.on(event, finish)
      this.runtime.api.on('LMSSetValue.cmi.*', soon)
      this.runtime.api.on('SetValue.cmi.*', soon)
    }
    if (this.closed) {
      // Closed before it started (React's StrictMode mounts effects twice in development).
      this.runtime?.destroy()
      this.runtime = null
      return
    }
    this.ready = true
    if (this.readyAsked) this.sendStart()
  }

  /** The modal closed: keep answering a moment, then save the last state and stop. */
  close(): void {
    if (this.closed) return
    this.closed = true
    if (!this.started) {
      window.removeEventListener('message', this.onMessage)
      window.removeEventListener('pagehide', this.onPageHide)
      this.runtime?.destroy()
      this.runtime = null
      return
    }
    const key = String(this.options.activityId)
    const finished = new Promise<void>((resolve) => {
      window.setTimeout(() => {
        window.removeEventListener('message', this.onMessage)
        window.removeEventListener('pagehide', this.onPageHide)
        this.save()
        void this.saving.finally(() => {
          this.runtime?.destroy()
          resolve()
        })
      }, CLOSE_GRACE_MS)
    })
    closingSaves.set(key, finished)
    void finished.then(() => {
      if (closingSaves.get(key) === finished) closingSaves.delete(key)
    })
  }

  private onMessage = (event: MessageEvent) => {
    const frame = this.options.frameWindow()
    if (event.origin !== this.options.launch.contentOrigin || !frame || event.source !== frame) return
    const data = event.data as { type?: unknown } | null
    if (!data || typeof data !== 'object') return
    if (data.type === 'civics:ready') {
      this.readyAsked = true
      if (this.ready) this.sendStart()
    } else if (data.type === 'civics:escape' && !this.closed) {
      this.options.onEscape()
    } else if (data.type === 'civics:storage' && this.started) {
      const storage = (data as { storage?: unknown }).storage
      // The launcher keeps within the limit; anything over it would only be refused by the server.
      if (!storage || typeof storage !== 'object' || packageStorageBytes(storage) > PACKAGE_STORAGE_MAX_BYTES) return
      this.storage = storage as PackageStorage
      this.saveSoon()
    }
  }

  private onPageHide = () => {
    // The tab is going away with the activity open: one last save, queued, and sent at once in a
    // request that survives the unload (under the same id, should the queue send it again).
    const entry = this.save()
    if (entry) void sendSave(entry, true)
  }

  private sendStart() {
    this.started = true
    const { launch, title } = this.options
    this.options.frameWindow()?.postMessage(
      {
        type: 'civics:start',
        standard: launch.standard,
        packageUrl: launch.packageUrl,
        title,
        cmi: launch.scorm?.cmi ?? null,
        storage: launch.storage ?? null,
      },
      launch.contentOrigin,
    )
  }

  private saveSoon() {
    clearTimeout(this.saveTimer)
    this.saveTimer = setTimeout(() => this.save(), SETTLE_MS)
  }

  /**
   * Queues the whole current state; the queue sends saves one at a time, in order, so a slow save
   * never overwrites a newer one. A preview (no session) records nothing.
   */
  save(): QueuedSave | null {
    clearTimeout(this.saveTimer)
    const { launch, activityId, user } = this.options
    if (!launch.session) return null
    // When the package reported it: a save sent late by the queue is not newer than it is (docs/api.md).
    const body: Record<string, unknown> = { session: launch.session, reportedAt: new Date().toISOString() }
    if (this.runtime && isScorm(launch.standard)) body.cmi = savedData(launch.standard, this.runtime.api)
    if (this.storage) body.storage = this.storage
    if (this.closed) body.closed = true
    const { entry, stored } = this.queue.add({ user, activity: String(activityId), session: launch.session, body })
    this.saving = stored
    return entry
  }

  private get queue(): SaveQueue {
    return this.options.queue ?? saveQueue()
  }
}
