import { describe, expect, it } from 'vitest'

import type { Cmi5Unit } from './courseStructure'
import { acceptStatements, CATEGORY_CMI5, CATEGORY_MOVEON, Cmi5Refusal, moveOnMet, SESSION_ID, startSession, statusOf, VERB } from './session'

const unit: Cmi5Unit = {
  publisherId: 'urn:x:au',
  courseId: 'urn:x:course',
  moveOn: 'CompletedOrPassed',
  masteryScore: 0.7,
  launchMethod: 'AnyWindow',
  launchParameters: null,
  entitlementKey: null,
}
const actor = { objectType: 'Agent', account: { homePage: 'http://lms.test', name: '7' } }
const learner = { homePage: 'http://lms.test', name: '7' }
const at = '2026-01-01T00:00:00.000Z'

const start = (moveOn: Cmi5Unit['moveOn'] = unit.moveOn) =>
  startSession(
    null,
    { registration: 'reg-1', activityId: 'http://lms.test/cmi5/activities/1', actor },
    { ...unit, moveOn },
    'session-1',
    'http://content.test/au.html',
    at,
  )

const statement = (verb: keyof typeof VERB, result?: Record<string, unknown>) => ({
  actor,
  verb: { id: VERB[verb] },
  object: { id: 'http://lms.test/cmi5/activities/1' },
  result,
  context: {
    registration: 'reg-1',
    contextActivities: {
      grouping: [{ id: 'urn:x:au' }],
      category: [{ id: CATEGORY_CMI5 }, ...(result && ('success' in result || 'completion' in result) ? [{ id: CATEGORY_MOVEON }] : [])],
    },
    extensions: { [SESSION_ID]: 'session-1' },
  },
})

const refusal = (fn: () => unknown) => {
  try {
    fn()
  } catch (error) {
    if (error instanceof Cmi5Refusal) return error.status
    throw error
  }
  return null
}

describe('moveOn', () => {
  it.each([
    ['Passed', { completed: true, passed: false }, false],
    ['Passed', { completed: false, passed: true }, true],
    ['Completed', { completed: true, passed: false }, true],
    ['CompletedAndPassed', { completed: true, passed: false }, false],
    ['CompletedAndPassed', { completed: true, passed: true }, true],
    ['CompletedOrPassed', { completed: false, passed: true }, true],
    ['NotApplicable', { completed: false, passed: false }, true],
  ] as const)('%s with %j is met: %s', (moveOn, record, met) => {
    expect(moveOnMet(moveOn, record)).toBe(met)
  })

  it('shows passed, failed or completed once met; failed or in progress before', () => {
    expect(statusOf({ satisfied: true, passed: true, failed: true, completed: true })).toBe('passed')
    expect(statusOf({ satisfied: true, passed: false, failed: false, completed: true })).toBe('completed')
    expect(statusOf({ satisfied: false, passed: false, failed: true, completed: false })).toBe('failed')
    expect(statusOf({ satisfied: false, passed: true, failed: true, completed: false })).toBe('incomplete')
    expect(statusOf({ satisfied: false, passed: false, failed: false, completed: true })).toBe('incomplete')
  })
})

describe('acceptStatements', () => {
  it('keeps the verb order rules of a session and a registration', () => {
    const record = start()
    expect(refusal(() => acceptStatements(record, unit, learner, [statement('completed', { completion: true, duration: 'PT1S' })], at))).toBe(400)
    const initialized = acceptStatements(record, unit, learner, [statement('initialized')], at)
    const failedThenPassed = acceptStatements(
      initialized,
      unit,
      learner,
      [statement('failed', { success: false, score: { scaled: 0.5 }, duration: 'PT1S' })],
      at,
    )
    expect(statusOf(failedThenPassed)).toBe('failed')
    // Not both in one session; passed at most once a registration; no failed after passed.
    expect(refusal(() => acceptStatements(failedThenPassed, unit, learner, [statement('passed', { success: true, duration: 'PT1S' })], at))).toBe(400)
    const passed = acceptStatements(initialized, unit, learner, [statement('passed', { success: true, score: { scaled: 0.9 }, duration: 'PT1S' })], at)
    expect(passed).toMatchObject({ passed: true, satisfied: true, score: { scaled: 0.9 } })
    expect(refusal(() => acceptStatements(passed, unit, learner, [statement('failed', { success: false, duration: 'PT1S' })], at))).toBe(400)
    const terminated = acceptStatements(passed, unit, learner, [statement('terminated', { duration: 'PT2S' })], at)
    expect(refusal(() => acceptStatements(terminated, unit, learner, [statement('completed', { completion: true, duration: 'PT1S' })], at))).toBe(403)
  })

  it('refuses LMS verbs, voiding, a score on "completed", and a whole batch when one statement is refused', () => {
    const record = acceptStatements(start(), unit, learner, [statement('initialized')], at)
    expect(refusal(() => acceptStatements(record, unit, learner, [statement('satisfied')], at))).toBe(403)
    expect(refusal(() => acceptStatements(record, unit, learner, [statement('voided')], at))).toBe(403)
    expect(
      refusal(() => acceptStatements(record, unit, learner, [statement('completed', { completion: true, score: { scaled: 1 }, duration: 'PT1S' })], at)),
    ).toBe(400)
    const batch = [statement('completed', { completion: true, duration: 'PT1S' }), statement('completed', { completion: true, duration: 'PT1S' })]
    expect(refusal(() => acceptStatements(record, unit, learner, batch, at))).toBe(400)
    expect(record.completed).toBe(false)
  })
})
