/**
 * The SCORM runtime on the product's page: scorm-again's real API (Scorm12API or Scorm2004API,
 * loaded only when a package needs it) behind its CrossFrameLMS, which answers the CrossFrameAPI
 * that the launcher (content origin) puts at window.API / window.API_1484_11 for the package.
 *
 * CrossFrameLMS checks the message origin; it is subclassed here to also check the source: only
 * the activity's own launcher frame may call the API, not another frame or window of the content
 * origin. Saving is ours (lmsCommitUrl is off): PackageSession listens to the runtime's events.
 */
import type { Standard } from '../api/types'

export type ScormStandard = Extract<Standard, 'scorm12' | 'scorm2004'>

/** The data model elements the product stores (cms/attempts/report.ts, `scormElements`). */
export const savedElements: Record<ScormStandard, readonly string[]> = {
  scorm12: [
    'cmi.core.lesson_status',
    'cmi.core.lesson_location',
    'cmi.core.score.raw',
    'cmi.core.score.min',
    'cmi.core.score.max',
    'cmi.core.exit',
    'cmi.core.session_time',
    'cmi.suspend_data',
  ],
  scorm2004: [
    'cmi.completion_status',
    'cmi.success_status',
    'cmi.location',
    'cmi.score.raw',
    'cmi.score.min',
    'cmi.score.max',
    'cmi.score.scaled',
    'cmi.progress_measure',
    'cmi.exit',
    'cmi.session_time',
    'cmi.suspend_data',
  ],
}

/** The part of scorm-again's API this product uses. */
export interface ScormApi {
  loadFromFlattenedJSON(json: Record<string, string>): void
  getFlattenedCMI(): Record<string, unknown>
  on(event: string, callback: (...args: unknown[]) => void): void
}

export interface ScormRuntime {
  api: ScormApi
  /** Stops answering the frame. */
  destroy(): void
}

type CrossFrameLMSClass = new (
  api: unknown,
  targetOrigin?: string,
  options?: { rateLimit?: number },
) => {
  destroy(): void
}

type ApiClass = new (settings: Record<string, unknown>) => unknown

/** scorm-again's ES modules export their classes by name; its type declarations say default. */
const exported = <T>(module: unknown, name: string): T => {
  const m = module as Record<string, unknown>
  return (m[name] ?? m.default) as T
}

const loadApi = async (standard: ScormStandard): Promise<ApiClass> =>
  standard === 'scorm12'
    ? exported<ApiClass>(await import('scorm-again/scorm12'), 'Scorm12API')
    : exported<ApiClass>(await import('scorm-again/scorm2004'), 'Scorm2004API')

export async function createScormRuntime(
  standard: ScormStandard,
  cmi: Record<string, string>,
  contentOrigin: string,
  frameWindow: () => Window | null,
): Promise<ScormRuntime> {
  const [ApiClass, lmsModule] = await Promise.all([loadApi(standard), import('scorm-again/cross-frame-lms')])
  const CrossFrameLMS = exported<CrossFrameLMSClass>(lmsModule, 'CrossFrameLMS')
  const api = new ApiClass({ lmsCommitUrl: false, autocommit: false, logLevel: 5 }) as ScormApi
  api.loadFromFlattenedJSON(cmi)

  // `_onMessage` is the listener CrossFrameLMS binds in its constructor; overriding it adds the
  // source check in front of its own (origin, message shape, allowed methods, rate limit).
  const Base = CrossFrameLMS as unknown as new (...args: ConstructorParameters<CrossFrameLMSClass>) => {
    destroy(): void
    _onMessage(event: MessageEvent): void
  }
  class FrameBoundLMS extends Base {
    _onMessage(event: MessageEvent) {
      const frame = frameWindow()
      if (!frame || event.source !== frame) return
      super._onMessage(event)
    }
  }
  // Storyline sets dozens of values on a slide change: above the default 100 calls a second.
  const lms = new FrameBoundLMS(api, contentOrigin, { rateLimit: 1000 })
  return { api, destroy: () => lms.destroy() }
}

/** The stored elements of the runtime's current data, as strings. */
export const savedData = (standard: ScormStandard, api: ScormApi): Record<string, string> => {
  const all = api.getFlattenedCMI()
  const out: Record<string, string> = {}
  for (const key of savedElements[standard]) {
    const value = all[key]
    if (typeof value === 'string' || typeof value === 'number') out[key] = String(value)
  }
  return out
}
