/**
 * Which file of a Storyline package to launch, and which tracking standard it speaks.
 *
 * - SCORM 1.2 / 2004: `imsmanifest.xml` names the launch resource (the default organization's
 *   first item, its `identifierref` resource's `href`, plus the item's `parameters`); Storyline's
 *   is `index_lms.html`. The schema version says 1.2 or 2004.
 * - cmi5: `cmi5.xml` names its one AU's `url` (cms/packages/cmi5/courseStructure.ts); Storyline's
 *   is `index_lms.html`. The AU's launch data (moveOn, masteryScore …) is kept for the launch.
 * - xAPI (Tin Can): `tincan.xml` names it in the first activity's `<launch>`; that activity's id
 *   is the course's xAPI activity id.
 * - Otherwise the Web publish: `story.html`, else `index.html` (Storyline 360).
 *
 * A manifest that names a file the package does not have, or that cannot be read, falls back to
 * the next choice with a warning for the editor, so a package that played before still plays.
 */
import { packageXmlReader } from '../packageXml'

import { type Cmi5Unit, readCourseStructure } from '../cmi5/courseStructure'

export const standards = ['scorm12', 'scorm2004', 'xapi', 'cmi5', 'none'] as const
export type Standard = (typeof standards)[number]

export const standardLabels: Record<Standard, string> = {
  scorm12: 'SCORM 1.2',
  scorm2004: 'SCORM 2004',
  xapi: 'xAPI (Tin Can)',
  cmi5: 'cmi5',
  none: 'Web (no tracking)',
}

export interface LaunchInfo {
  standard: Standard
  /** Relative to the package root, '/'-separated, as a URL path (may end in `?parameters`). */
  launchFile: string
  /** xAPI only: the course's activity id from tincan.xml. */
  xapiActivityId?: string
  /** SCORM 1.2 only: `adlcp:masteryscore` of the launched item (0–100). */
  masteryScore?: number
  /** cmi5 only: the AU's launch data from cmi5.xml. */
  cmi5?: Cmi5Unit
  warnings: string[]
}

/** Reads a root file of the package as text, or null when it is not there. */
export type ReadFile = (name: string) => Promise<string | null>

const MAX_MANIFEST_CHARS = 5 * 1024 * 1024

const readXml = packageXmlReader(['organization', 'item', 'resource', 'activity', 'launch'])

type Node = Record<string, any>

const text = (value: unknown): string => {
  if (typeof value === 'string') return value.trim()
  if (typeof value === 'number') return String(value)
  if (value && typeof value === 'object' && '#text' in value) return String((value as Node)['#text']).trim()
  return ''
}

const parse = (xml: string): Node | null => {
  // No DTDs: nothing in a manifest needs one, and entity definitions are how XML bombs work.
  if (xml.length > MAX_MANIFEST_CHARS || /<!DOCTYPE|<!ENTITY/i.test(xml)) return null
  try {
    return readXml(xml) as Node
  } catch {
    return null
  }
}

/**
 * A launch href from a manifest, checked: relative, inside the package, naming a file it has.
 * Returns the URL-relative path (with its query) or null.
 */
export const checkedLaunch = (href: string, files: ReadonlySet<string>, base = ''): string | null => {
  const raw = (base + href).trim()
  if (!raw || /^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('/') || raw.startsWith('\\')) return null
  const [pathPart, ...rest] = raw.split('#')[0].split('?')
  let decoded: string
  try {
    decoded = decodeURIComponent(pathPart)
  } catch {
    return null
  }
  const segments = decoded.replace(/^\.\//, '').split('/')
  if (segments.some((s) => s === '' || s === '.' || s === '..' || s.includes('\\')) || /[\u0000-\u001f]/.test(decoded)) return null
  const file = segments.join('/')
  if (!files.has(file)) return null
  const query = rest.join('?')
  return query ? `${file}?${query}` : file
}

const findItem = (items: Node[] | undefined): Node | undefined => {
  for (const item of items ?? []) {
    if (item['@identifierref']) return item
    const nested = findItem(item.item)
    if (nested) return nested
  }
  return undefined
}

const scormVersion = (manifest: Node, xml: string): 'scorm12' | 'scorm2004' => {
  const version = text(manifest.metadata?.schemaversion)
  if (/2004|CAM 1\.3/i.test(version)) return 'scorm2004'
  if (/1\.2/.test(version)) return 'scorm12'
  // No schemaversion: the namespaces say it (adlcp_v1p3, imscp_v1p1 and adlseq are 2004's).
  const root = /<(?:\w+:)?manifest\b[^>]*>/.exec(xml)?.[0] ?? ''
  return /adlcp_v1p3|imscp_v1p1\b|adlseq/i.test(root) ? 'scorm2004' : 'scorm12'
}

const fromManifest = (xml: string, files: ReadonlySet<string>, warnings: string[]): LaunchInfo | null => {
  const doc = parse(xml)
  const manifest = doc?.manifest as Node | undefined
  if (!manifest) {
    warnings.push('imsmanifest.xml could not be read; the package plays without SCORM tracking.')
    return null
  }
  const standard = scormVersion(manifest, xml)
  const resources: Node[] = manifest.resources?.resource ?? []
  const organizations: Node[] = manifest.organizations?.organization ?? []
  const defaultId = manifest.organizations?.['@default']
  const organization = organizations.find((o) => o['@identifier'] === defaultId) ?? organizations[0]
  const item = findItem(organization?.item)
  const resource =
    (item && resources.find((r) => r['@identifier'] === item['@identifierref'])) ??
    resources.find((r) => /^sco$/i.test(String(r['@scormtype'] ?? r['@scormType'] ?? '')) && r['@href'])
  const href = typeof resource?.['@href'] === 'string' ? resource['@href'] : ''
  const base = String(manifest.resources?.['@base'] ?? '') + String(resource?.['@base'] ?? '')
  const parameters = typeof item?.['@parameters'] === 'string' ? item['@parameters'].trim() : ''
  const launch = href ? checkedLaunch(href, files, base) : null
  if (!launch) {
    warnings.push(
      href
        ? `imsmanifest.xml names ${JSON.stringify(href)} as the launch file, but the package has no such file; it plays without SCORM tracking.`
        : 'imsmanifest.xml names no launch file; the package plays without SCORM tracking.',
    )
    return null
  }
  const withParameters = parameters ? `${launch}${launch.includes('?') ? '&' : '?'}${parameters.replace(/^[?&]/, '')}` : launch
  const mastery = Number(text(item?.masteryscore))
  return {
    standard,
    launchFile: withParameters,
    ...(standard === 'scorm12' && text(item?.masteryscore) !== '' && Number.isFinite(mastery) ? { masteryScore: mastery } : {}),
    warnings,
  }
}

const fromTincan = (xml: string, files: ReadonlySet<string>, warnings: string[]): LaunchInfo | null => {
  const doc = parse(xml)
  const activities: Node[] | undefined = doc?.tincan?.activities?.activity
  if (!activities) {
    warnings.push('tincan.xml could not be read; the package plays without xAPI tracking.')
    return null
  }
  const course = activities.find((a) => a.launch?.length) ?? activities[0]
  const href = text(course?.launch?.[0])
  const launch = href ? checkedLaunch(href, files) : null
  const id = typeof course?.['@id'] === 'string' ? course['@id'].trim() : ''
  if (!launch || !id) {
    warnings.push(
      href && !launch
        ? `tincan.xml names ${JSON.stringify(href)} as the launch file, but the package has no such file; it plays without xAPI tracking.`
        : 'tincan.xml names no launch file and activity; the package plays without xAPI tracking.',
    )
    return null
  }
  return { standard: 'xapi', launchFile: launch, xapiActivityId: id.slice(0, 2000), warnings }
}

/**
 * Decides the launch for a package whose root holds `files` (relative paths). `webLaunch` is the
 * Web publish's page (story.html, or null when the package has neither story.html nor index.html).
 */
export const detectLaunch = async (files: ReadonlySet<string>, read: ReadFile, webLaunch: string | null): Promise<LaunchInfo | null> => {
  const warnings: string[] = []
  const manifest = files.has('imsmanifest.xml') ? await read('imsmanifest.xml') : null
  if (manifest !== null) {
    const found = fromManifest(manifest, files, warnings)
    if (found) return found
  }
  const structure = files.has('cmi5.xml') ? await read('cmi5.xml') : null
  if (structure !== null) {
    const found = readCourseStructure(structure, (href) => checkedLaunch(href, files), warnings)
    if (found) return { standard: 'cmi5', launchFile: found.launchFile, cmi5: found.unit, warnings }
  }
  const tincan = files.has('tincan.xml') ? await read('tincan.xml') : null
  if (tincan !== null) {
    const found = fromTincan(tincan, files, warnings)
    if (found) return found
  }
  return webLaunch ? { standard: 'none', launchFile: webLaunch, warnings } : null
}
