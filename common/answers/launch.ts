/**
 * What POST /api/activities/:id/open answers as `launch` for a Storyline package: where the launcher
 * and the package are, and what the package resumes from. Written once here: the endpoint
 * (collections/Activities/endpoints/attempts.ts) answers this type and the SPA reads it.
 */
import type { PackageStorage } from '../packageStorage'

/** How a Storyline package reports: SCORM 1.2, SCORM 2004, xAPI, cmi5, or not at all (Web publish). */
export type PackageStandard = 'scorm12' | 'scorm2004' | 'xapi' | 'cmi5' | 'none'

export type Launch = {
  standard: PackageStandard
  resume: boolean
  /** The attempt's session key; null for a preview, which records nothing. */
  session: string | null
  launcherUrl: string
  contentOrigin: string
  packageUrl: string
  /** The SCORM data model the package starts from. */
  scorm?: { cmi: Record<string, string> }
  /** The package's cookies and localStorage, kept on the attempt (common/packageStorage.ts). */
  storage: PackageStorage
}
