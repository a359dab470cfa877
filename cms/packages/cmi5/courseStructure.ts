/**
 * A cmi5 course structure (`cmi5.xml`, cmi5 spec section 13) read at upload: the one AU a
 * Storyline 360 cmi5 publish has, with what the launch needs of it (its publisher id, the file it
 * starts from, moveOn, masteryScore, launchParameters, entitlementKey).
 *
 * The product launches one AU per activity. A structure with several AUs (or none) is refused
 * with a warning for the editor, and the package plays as the next choice (see
 * cms/packages/storyline/launch.ts), as a manifest that cannot be read does.
 */
import { packageXmlReader } from '../packageXml'

export const moveOnValues = ['Passed', 'Completed', 'CompletedAndPassed', 'CompletedOrPassed', 'NotApplicable'] as const
export type MoveOn = (typeof moveOnValues)[number]

/** What the product keeps of the AU (on the activity, `storyline.cmi5`). */
export type Cmi5Unit = {
  /** The AU's id in the course structure (the publisher id). */
  publisherId: string
  /** The course's id in the course structure. */
  courseId: string
  moveOn: MoveOn
  /** 0–1, up to 4 decimals, or null when the structure names none. */
  masteryScore: number | null
  launchMethod: 'AnyWindow' | 'OwnWindow'
  launchParameters: string | null
  entitlementKey: string | null
}

export interface Cmi5Found {
  unit: Cmi5Unit
  /** Relative to the package root, checked to be a file of the package. */
  launchFile: string
}

const MAX_STRUCTURE_CHARS = 5 * 1024 * 1024

const readXml = packageXmlReader(['au', 'block'])

type Node = Record<string, any>

const text = (value: unknown): string => {
  if (typeof value === 'string') return value.trim()
  if (value && typeof value === 'object' && '#text' in value) return String((value as Node)['#text']).trim()
  return ''
}

/** Every AU of the structure, at the top or inside blocks (nested to any depth). */
const unitsOf = (node: Node | undefined): Node[] => {
  if (!node || typeof node !== 'object') return []
  const own: Node[] = Array.isArray(node.au) ? node.au : []
  const nested: Node[] = (Array.isArray(node.block) ? node.block : []).flatMap(unitsOf)
  return [...own, ...nested]
}

const isIri = (value: string) => /^[a-z][a-z0-9+.-]*:\S+$/i.test(value) && value.length <= 2000

/**
 * Reads `cmi5.xml`. Returns the AU to launch, or null with the reason pushed to `warnings` (in
 * words the editor reads after the upload). `checkLaunch` turns the AU's URL into a file of the
 * package, or null (cms/packages/storyline/launch.ts, `checkedLaunch`).
 */
export const readCourseStructure = (xml: string, checkLaunch: (href: string) => string | null, warnings: string[]): Cmi5Found | null => {
  // No DTDs: nothing in a course structure needs one, and entity definitions are how XML bombs work.
  let doc: Node | null = null
  if (xml.length <= MAX_STRUCTURE_CHARS && !/<!DOCTYPE|<!ENTITY/i.test(xml)) {
    try {
      doc = readXml(xml) as Node
    } catch {
      doc = null
    }
  }
  const structure = doc?.courseStructure as Node | undefined
  if (!structure || typeof structure !== 'object') {
    warnings.push('cmi5.xml could not be read; the package plays without cmi5 tracking.')
    return null
  }
  const units = unitsOf(structure)
  if (units.length !== 1) {
    warnings.push(
      units.length
        ? `cmi5.xml lists ${units.length} AUs; an activity launches exactly one, so the package plays without cmi5 tracking. Publish each AU as its own package.`
        : 'cmi5.xml lists no AU; the package plays without cmi5 tracking.',
    )
    return null
  }
  const au = units[0]
  const publisherId = typeof au['@id'] === 'string' ? au['@id'].trim() : ''
  const courseId = typeof structure.course?.['@id'] === 'string' ? structure.course['@id'].trim() : ''
  const url = text(au.url)
  const launch = url ? checkLaunch(url) : null
  if (!launch || !isIri(publisherId)) {
    warnings.push(
      url && !launch
        ? `cmi5.xml names ${JSON.stringify(url)} as the AU's URL, but the package has no such file; it plays without cmi5 tracking.`
        : 'cmi5.xml names no AU id and URL; the package plays without cmi5 tracking.',
    )
    return null
  }
  const moveOnText = typeof au['@moveOn'] === 'string' ? au['@moveOn'].trim() : ''
  const moveOn = (moveOnValues as readonly string[]).includes(moveOnText) ? (moveOnText as MoveOn) : 'NotApplicable'
  if (moveOnText && moveOn !== moveOnText)
    warnings.push(`cmi5.xml gives the AU the moveOn ${JSON.stringify(moveOnText)}, which cmi5 does not define; NotApplicable is used.`)
  const masteryText = typeof au['@masteryScore'] === 'string' ? au['@masteryScore'].trim() : ''
  const mastery = masteryText === '' ? NaN : Number(masteryText)
  const masteryScore = Number.isFinite(mastery) && mastery >= 0 && mastery <= 1 ? Math.round(mastery * 10000) / 10000 : null
  if (masteryText && masteryScore === null)
    warnings.push(`cmi5.xml gives the AU the masteryScore ${JSON.stringify(masteryText)}, which is not a number from 0 to 1; it is left out.`)
  const launchMethod = au['@launchMethod'] === 'OwnWindow' ? 'OwnWindow' : 'AnyWindow'
  if (launchMethod === 'OwnWindow') warnings.push('cmi5.xml asks for the AU in its own window; the product plays it in its activity window, as every package.')
  const launchParameters = text(au.launchParameters)
  const entitlementKey = text(au.entitlementKey)
  return {
    launchFile: launch,
    unit: {
      publisherId,
      courseId: isIri(courseId) ? courseId : publisherId,
      moveOn,
      masteryScore,
      launchMethod,
      launchParameters: launchParameters ? launchParameters.slice(0, 2000) : null,
      entitlementKey: entitlementKey ? entitlementKey.slice(0, 2000) : null,
    },
  }
}
