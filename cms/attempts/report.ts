/**
 * Pure rules for attempts: what a package's SCORM data or xAPI statements mean for the stored
 * status and score, what a launch hands the SCORM runtime, and how time is counted. No database
 * here, so the rules are tested on their own (tests/attempt-progress.test.ts).
 */
import type { AttemptStatus } from '@collections/Attempts'
import type { Standard } from '../packages/storyline/launch'

export type Score = { raw: number | null; min: number | null; max: number | null; scaled: number | null }

export const emptyScore: Score = { raw: null, min: null, max: null, scaled: null }

/** The attempt as these rules see it. */
export interface AttemptState {
  status: AttemptStatus
  score: Score
  suspendData: string
  location: string
  exit: string
}

export const finishedStatuses: readonly AttemptStatus[] = ['completed', 'passed', 'failed']
export const isFinished = (status: AttemptStatus | null | undefined) => Boolean(status && finishedStatuses.includes(status))

/**
 * How good a result is, for keeping the best one: passed above completed above failed above
 * incomplete above not attempted; a content-only "completed" ranks above a quiz's "failed" because
 * it is finished work that nobody marked wrong.
 */
const statusRank: Record<AttemptStatus, number> = { 'not-attempted': 0, incomplete: 1, failed: 2, completed: 3, passed: 4 }

/** A status and the score reported with it, which are kept or replaced together. */
export type Result = { status: AttemptStatus; score: Score }

/**
 * The better of the stored result and a reported one: the higher status, then (same status) the
 * higher scaled score, a score above none. Status and score travel together, so a later lower
 * report (incomplete with 40, or a retake's first screen with 0) never pairs "passed" with its
 * score. A report that names no status is taken with the stored status; a tie keeps what is stored.
 */
export const betterResult = (stored: Result, reported: Pick<Reported, 'status' | 'score'>): Result => {
  const candidate: Result = { status: reported.status ?? stored.status, score: reported.score ?? stored.score }
  const rank = statusRank[candidate.status] - statusRank[stored.status]
  if (rank !== 0) return rank > 0 ? candidate : stored
  const scoreOf = (score: Score) => score.scaled ?? (score.raw === null ? null : scaledFrom(score.raw, score.min, score.max))
  const before = scoreOf(stored.score)
  const after = scoreOf(candidate.score)
  if (after === null || (before !== null && after <= before)) return stored
  return candidate
}

/**
 * Whether a launch continues the previous attempt. SCORM: when the package suspended it (exit
 * "suspend"), or left resume data behind without finishing. xAPI: until it is finished (the
 * package keeps its resume data in the state resource of the attempt's registration, and saves
 * it when it likes); cmi5 too, whose AU reads its state documents under the same registration.
 * Otherwise a new attempt starts.
 */
export const resumes = (state: AttemptState, hasXapiState = false, standard: Standard | null = null): boolean => {
  if (standard === 'xapi' || standard === 'cmi5') return !isFinished(state.status) && (state.status !== 'not-attempted' || hasXapiState)
  return state.exit === 'suspend' || (!isFinished(state.status) && Boolean(state.suspendData || state.location || hasXapiState))
}

// ---------------------------------------------------------------------------
// SCORM

/** The data model elements a save may carry, with their longest accepted value. */
export const scormElements: Record<'scorm12' | 'scorm2004', Record<string, number>> = {
  scorm12: {
    'cmi.core.lesson_status': 20,
    'cmi.core.lesson_location': 255,
    'cmi.core.score.raw': 20,
    'cmi.core.score.min': 20,
    'cmi.core.score.max': 20,
    'cmi.core.exit': 20,
    'cmi.core.session_time': 30,
    'cmi.suspend_data': 4096,
  },
  scorm2004: {
    'cmi.completion_status': 20,
    'cmi.success_status': 20,
    'cmi.location': 1000,
    'cmi.score.raw': 20,
    'cmi.score.min': 20,
    'cmi.score.max': 20,
    'cmi.score.scaled': 20,
    'cmi.progress_measure': 20,
    'cmi.exit': 20,
    'cmi.session_time': 30,
    'cmi.suspend_data': 64000,
  },
}

/**
 * The data model's number formats and ranges, as scorm-again (the runtime in the launcher) checks
 * them: SCORM 1.2 scores are CMIDecimal from 0 to 100 ("normalized between 0 and 100"), and the
 * raw score lies between min and max ("the minimum/maximum value in the range for the raw score");
 * SCORM 2004 scores are real(10,7), scaled from -1 to 1, raw between min and max, progress from 0 to 1.
 * A value outside them would be stored and shown as a wrong score (1e308 out of 1 as 100 %).
 */
const scormNumbers = {
  scorm12: {
    format: /^-?\d{0,10}(\.\d*)?$/,
    ranges: { 'cmi.core.score.raw': [0, 100], 'cmi.core.score.min': [0, 100], 'cmi.core.score.max': [0, 100] },
    score: ['cmi.core.score.raw', 'cmi.core.score.min', 'cmi.core.score.max'],
  },
  scorm2004: {
    format: /^-?\d{1,10}(\.\d{1,18})?$/,
    ranges: {
      'cmi.score.raw': [-Infinity, Infinity],
      'cmi.score.min': [-Infinity, Infinity],
      'cmi.score.max': [-Infinity, Infinity],
      'cmi.score.scaled': [-1, 1],
      'cmi.progress_measure': [0, 1],
    },
    score: ['cmi.score.raw', 'cmi.score.min', 'cmi.score.max'],
  },
} as const

const rangeText = ([low, high]: readonly [number, number]) => (low === -Infinity ? 'a decimal number' : `a decimal number from ${low} to ${high}`)

/** Each number element of a SCORM save outside its format or range, named, with what it must be. */
export const scormNumberProblems = (standard: 'scorm12' | 'scorm2004', cmi: Record<string, string>): { path: string; message: string }[] => {
  const rules = scormNumbers[standard]
  const problems: { path: string; message: string }[] = []
  for (const [element, range] of Object.entries(rules.ranges) as [string, readonly [number, number]][]) {
    const value = cmi[element]
    if (value === undefined || value === '') continue
    const n = Number(value)
    if (!rules.format.test(value) || !Number.isFinite(n) || n < range[0] || n > range[1])
      problems.push({ path: `cmi.${element}`, message: `${element} must be ${rangeText(range)}.` })
  }
  if (problems.length) return problems
  const [rawName, minName, maxName] = rules.score
  const raw = number(cmi[rawName])
  const min = number(cmi[minName])
  const max = number(cmi[maxName])
  if (min !== null && max !== null && min > max) problems.push({ path: `cmi.${minName}`, message: `${minName} must not be more than ${maxName}.` })
  else if (raw !== null && ((min !== null && raw < min) || (max !== null && raw > max)))
    problems.push({ path: `cmi.${rawName}`, message: `${rawName} must be between ${minName} and ${maxName}.` })
  return problems
}

/**
 * What is wrong with an xAPI statement's score, or null: scaled from -1 to 1, raw between min and
 * max, min not above max (xAPI 1.0.3, "Score").
 */
export const statementScoreProblem = (statement: Statement): string | null => {
  const score = statement?.result?.score
  if (score === undefined || score === null) return null
  if (typeof score !== 'object' || Array.isArray(score)) return 'result.score must be an object.'
  for (const key of ['scaled', 'raw', 'min', 'max'] as const) {
    if (score[key] !== undefined && (typeof score[key] !== 'number' || !Number.isFinite(score[key]))) return `result.score.${key} must be a number.`
  }
  if (score.scaled !== undefined && (score.scaled < -1 || score.scaled > 1)) return 'result.score.scaled must be a number from -1 to 1.'
  if (score.min !== undefined && score.max !== undefined && score.min > score.max) return 'result.score.min must not be more than result.score.max.'
  if (score.raw !== undefined && ((score.min !== undefined && score.raw < score.min) || (score.max !== undefined && score.raw > score.max)))
    return 'result.score.raw must be between result.score.min and result.score.max.'
  return null
}

const number = (value: string | undefined): number | null => {
  if (value === undefined || value.trim() === '') return null
  const n = Number(value)
  return Number.isFinite(n) ? n : null
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n))

/** Scaled score (-1…1) from raw, min and max when the package gave none. */
export const scaledFrom = (raw: number | null, min: number | null, max: number | null): number | null => {
  if (raw === null) return null
  const low = min ?? 0
  const high = max ?? 100
  if (high <= low) return null
  return clamp((raw - low) / (high - low), -1, 1)
}

const round = (n: number | null, digits = 4) => (n === null ? null : Math.round(n * 10 ** digits) / 10 ** digits)

const scorm12Status = (value: string | undefined): AttemptStatus | null => {
  switch (value) {
    case 'passed':
    case 'failed':
    case 'completed':
    case 'incomplete':
      return value
    case 'browsed':
      return 'incomplete'
    case 'not attempted':
      return 'not-attempted'
    default:
      return null
  }
}

const scorm2004Status = (success: string | undefined, completion: string | undefined): AttemptStatus | null => {
  if (success === 'passed' || success === 'failed') return success
  if (completion === 'completed' || completion === 'incomplete') return completion
  if (completion === 'not attempted') return 'not-attempted'
  return null
}

export interface Reported {
  status: AttemptStatus | null
  score: Score | null
  suspendData?: string
  location?: string
  exit?: string
}

/**
 * SCORM 1.2 with a mastery score from the manifest: once the package reports a finished status with
 * a score, the status is passed when the score reaches the mastery score and failed otherwise,
 * whatever the package said (the 1.2 RTE lets the LMS decide so, "cmi.student_data.mastery_score").
 * The mastery score is on the data model's 0–100 scale, so a raw score out of another range (3 out
 * of 3) is compared as its share of that range; out of 0–100, as Storyline reports, that is the raw
 * score itself.
 */
const withMastery = (status: AttemptStatus | null, score: { raw: number | null; min: number | null; max: number | null }, masteryScore: number | null) => {
  const { raw } = score
  if (masteryScore === null || raw === null || !isFinished(status)) return status
  const low = score.min ?? 0
  const high = score.max ?? 100
  const percent = high > low ? Math.round((((raw - low) * 100) / (high - low)) * 1e9) / 1e9 : raw
  return percent >= masteryScore ? 'passed' : 'failed'
}

/** What a SCORM save says, from the runtime's flattened data model (already checked). */
export const fromScorm = (standard: 'scorm12' | 'scorm2004', cmi: Record<string, string>, masteryScore: number | null = null): Reported => {
  if (standard === 'scorm12') {
    const raw = number(cmi['cmi.core.score.raw'])
    const min = number(cmi['cmi.core.score.min'])
    const max = number(cmi['cmi.core.score.max'])
    return {
      status: withMastery(scorm12Status(cmi['cmi.core.lesson_status']), { raw, min, max }, masteryScore),
      score: raw === null ? null : { raw, min, max, scaled: round(scaledFrom(raw, min, max)) },
      suspendData: cmi['cmi.suspend_data'],
      location: cmi['cmi.core.lesson_location'],
      exit: cmi['cmi.core.exit'],
    }
  }
  const raw = number(cmi['cmi.score.raw'])
  const min = number(cmi['cmi.score.min'])
  const max = number(cmi['cmi.score.max'])
  const given = number(cmi['cmi.score.scaled'])
  const scaled = given !== null ? clamp(given, -1, 1) : scaledFrom(raw, min, max)
  return {
    status: scorm2004Status(cmi['cmi.success_status'], cmi['cmi.completion_status']),
    score: raw === null && given === null ? null : { raw, min, max, scaled: round(scaled) },
    suspendData: cmi['cmi.suspend_data'],
    location: cmi['cmi.location'],
    exit: cmi['cmi.exit'],
  }
}

const scorm12StatusOut: Record<AttemptStatus, string> = {
  'not-attempted': 'not attempted',
  incomplete: 'incomplete',
  completed: 'completed',
  passed: 'passed',
  failed: 'failed',
}

const pad = (n: number, width = 2) => String(Math.floor(n)).padStart(width, '0')
export const scorm12Time = (seconds: number) => `${pad(seconds / 3600, 4)}:${pad((seconds % 3600) / 60)}:${pad(seconds % 60)}`
export const isoDuration = (seconds: number) => `PT${Math.max(0, Math.round(seconds))}S`

export interface Learner {
  id: string
  name: string
}

/**
 * The runtime's starting data for a launch (flattened, as scorm-again's loadFromFlattenedJSON
 * takes it). A resumed attempt gets its location, suspend data, status and score back; a new one
 * starts clean ("ab-initio").
 */
export const scormLaunchData = (
  standard: 'scorm12' | 'scorm2004',
  learner: Learner,
  state: AttemptState,
  resume: boolean,
  timeSpentSeconds: number,
  masteryScore: number | null,
): Record<string, string> => {
  const s = resume ? state : { ...state, status: 'not-attempted' as AttemptStatus, score: emptyScore, suspendData: '', location: '' }
  const text = (n: number | null) => (n === null ? '' : String(n))
  if (standard === 'scorm12') {
    return {
      'cmi.core.student_id': learner.id,
      'cmi.core.student_name': learner.name,
      'cmi.core.lesson_mode': 'normal',
      'cmi.core.credit': 'credit',
      'cmi.core.entry': resume ? 'resume' : 'ab-initio',
      'cmi.core.lesson_status': scorm12StatusOut[s.status],
      'cmi.core.lesson_location': s.location,
      'cmi.suspend_data': s.suspendData,
      'cmi.core.total_time': scorm12Time(timeSpentSeconds),
      'cmi.core.score.raw': text(s.score.raw),
      'cmi.core.score.min': text(s.score.min),
      'cmi.core.score.max': s.score.max === null ? '100' : String(s.score.max),
      'cmi.student_data.mastery_score': masteryScore === null ? '' : String(masteryScore),
    }
  }
  const success = s.status === 'passed' || s.status === 'failed' ? s.status : 'unknown'
  const completion = s.status === 'not-attempted' ? 'not attempted' : s.status === 'incomplete' ? 'incomplete' : 'completed'
  return {
    'cmi.learner_id': learner.id,
    'cmi.learner_name': learner.name,
    'cmi.mode': 'normal',
    'cmi.credit': 'credit',
    'cmi.entry': resume ? 'resume' : 'ab-initio',
    'cmi.completion_status': resume ? completion : 'unknown',
    'cmi.success_status': resume ? success : 'unknown',
    'cmi.location': s.location,
    'cmi.suspend_data': s.suspendData,
    'cmi.total_time': isoDuration(timeSpentSeconds),
    'cmi.score.raw': text(s.score.raw),
    'cmi.score.min': text(s.score.min),
    'cmi.score.max': text(s.score.max),
    'cmi.score.scaled': text(s.score.scaled),
  }
}

// ---------------------------------------------------------------------------
// xAPI

const verbs: Record<string, AttemptStatus> = {
  'http://adlnet.gov/expapi/verbs/passed': 'passed',
  'http://adlnet.gov/expapi/verbs/failed': 'failed',
  'http://adlnet.gov/expapi/verbs/completed': 'completed',
  'http://adlnet.gov/expapi/verbs/attempted': 'incomplete',
  'http://adlnet.gov/expapi/verbs/initialized': 'incomplete',
  'http://adlnet.gov/expapi/verbs/launched': 'incomplete',
  'http://adlnet.gov/expapi/verbs/resumed': 'incomplete',
  'http://adlnet.gov/expapi/verbs/progressed': 'incomplete',
  'http://adlnet.gov/expapi/verbs/experienced': 'incomplete',
  'http://adlnet.gov/expapi/verbs/answered': 'incomplete',
}

type Statement = Record<string, any>

/**
 * What one statement says about the course. Statements about the course activity itself carry
 * its result (passed, failed, completed, with a score); statements about its parts (slides,
 * questions) only tell that the student is in it.
 */
export const fromStatement = (statement: Statement, courseId: string | null): Reported => {
  const verb = typeof statement?.verb?.id === 'string' ? statement.verb.id : ''
  const objectId = typeof statement?.object?.id === 'string' ? statement.object.id : ''
  const aboutCourse = courseId !== null && objectId === courseId
  let status = verbs[verb] ?? null
  if (!aboutCourse && status && isFinished(status)) status = 'incomplete'
  const result = aboutCourse && statement.result && typeof statement.result === 'object' ? statement.result : null
  if (result) {
    if (result.success === true) status = 'passed'
    else if (result.success === false) status = 'failed'
    else if (result.completion === true && !isFinished(status)) status = 'completed'
  }
  const s = result?.score && typeof result.score === 'object' ? result.score : null
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null)
  const raw = num(s?.raw)
  const min = num(s?.min)
  const max = num(s?.max)
  const given = num(s?.scaled)
  const score = raw === null && given === null ? null : { raw, min, max, scaled: round(given !== null ? clamp(given, -1, 1) : scaledFrom(raw, min, max)) }
  return { status, score }
}

/** Time spent: what earlier sessions added up to, plus this session so far (at most 4 hours). */
export const MAX_SESSION_SECONDS = 4 * 60 * 60
export const sessionSeconds = (startedAt: string | Date | null | undefined, now = Date.now()): number => {
  const start = startedAt ? new Date(startedAt).getTime() : NaN
  if (!Number.isFinite(start)) return 0
  return Math.max(0, Math.min(MAX_SESSION_SECONDS, Math.round((now - start) / 1000)))
}

export const isStandard = (value: unknown): value is Standard =>
  value === 'scorm12' || value === 'scorm2004' || value === 'xapi' || value === 'cmi5' || value === 'none'
