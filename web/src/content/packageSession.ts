/**
 * One student's session with a Storyline package in the activity modal: the handshake with the
 * launcher frame on the content origin, the SCORM runtime (if the package speaks SCORM), the
 * package's cookies and localStorage (relayed by the launcher's storage shim, kept on the attempt
 * instead of in the browser), and the saves through the product's API with the student's session
 * (PUT /api/activities/:id/attempt).
 *
 * Messages are accepted only from the launcher frame's window and the content origin. The
 * session outlives the modal for a moment after it closes: the package's own LMSFinish, sent as
 * its frame unloads, still arrives and is saved; then a last save records the time spent.
 */
import { PACKAGE_STORAGE_MAX_BYTES, type PackageStorage, packageStorageBytes } from '../../../common/packageStorage'
import { getCsrfToken } from '../api/client'
import type { Attempt, Launch } from '../api/types'
import { createScormRuntime, savedData, type ScormRuntime, type ScormStandard } from './scormRuntime'

export interface PackageSessionOptions {
  activityId: string | number
  title: string
  launch: Launch
  frameWindow: () => Window | null
  onEscape: () => void
  onSaved?: (attempt: Attempt) => void
}

const isScorm = (standard: string): standard is ScormStandard => standard === 'scorm12' || standard === 'scorm2004'

/** How long the session keeps listening after the modal closed (the package's unload calls). */
export const CLOSE_GRACE_MS = 1500
const SETTLE_MS = 3000
/** Browsers allow a keepalive request at most 64 KB of body. */
const KEEPALIVE_MAX_BYTES = 64 * 1024

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
      for (const event of ['LMSCommit', 'LMSFinish', 'Commit', 'Terminate']) this.runtime.api.on(event, now)
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
        clearTimeout(this.saveTimer)
        void this.save().finally(() => {
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
    // The tab is going away with the activity open: one last save that survives the unload.
    void this.save(true)
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
    this.saveTimer = setTimeout(() => void this.save(), SETTLE_MS)
  }

  /** Saves one at a time, in order, so a slow save never overwrites a newer one. */
  save(keepalive = false): Promise<void> {
    clearTimeout(this.saveTimer)
    const body: Record<string, unknown> = { session: this.options.launch.session }
    if (this.runtime && isScorm(this.options.launch.standard)) body.cmi = savedData(this.options.launch.standard, this.runtime.api)
    if (this.storage) body.storage = this.storage
    if (this.closed) body.closed = true
    const send = () => this.send(body, keepalive)
    this.saving = this.saving.then(send, send)
    return this.saving
  }

  private async send(body: Record<string, unknown>, keepalive: boolean): Promise<void> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' }
    const token = getCsrfToken()
    if (token) headers['X-XSRF-TOKEN'] = token
    const text = JSON.stringify(body)
    try {
      const response = await fetch(`/api/activities/${encodeURIComponent(String(this.options.activityId))}/attempt`, {
        method: 'PUT',
        headers,
        credentials: 'same-origin',
        body: text,
        // Browsers refuse a keepalive request over 64 KB outright; a larger last save goes as a
        // plain request, which the page's unload may or may not let through.
        keepalive: keepalive && new TextEncoder().encode(text).length < KEEPALIVE_MAX_BYTES,
      })
      if (response.ok) {
        const answer = (await response.json()) as { attempt?: Attempt }
        if (answer.attempt) this.options.onSaved?.(answer.attempt)
      }
    } catch {
      // Offline for a moment: the next commit saves everything again (saves are whole, not deltas).
    }
  }
}
