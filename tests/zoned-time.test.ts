/** Wall times on a school's clock (common/zonedTime.ts): what a due date given without an offset means. */
import { describe, expect, it } from 'vitest'

import { workStatusOf } from '../common/assignments'
import { isTimeZone, localDateAndTime, parseSchoolTime } from '../common/zonedTime'

const at = (value: string, zone: string, time = '23:59') => {
  const instant = parseSchoolTime(value, zone, time)
  return instant === null ? null : new Date(instant).toISOString()
}

describe('times on the classroom clock', () => {
  it('reads a date alone at the default time, Eastern and Central, in winter and summer', () => {
    expect(at('2030-01-15', 'America/New_York')).toBe('2030-01-16T04:59:00.000Z')
    expect(at('2030-07-15', 'America/New_York')).toBe('2030-07-16T03:59:00.000Z')
    expect(at('2030-01-15', 'America/Chicago')).toBe('2030-01-16T05:59:00.000Z')
    expect(at('2030-01-15T08:00', 'America/Chicago')).toBe('2030-01-15T14:00:00.000Z')
  })

  it('moves a time the spring change skips forward, and takes the first of a time the autumn change repeats', () => {
    expect(at('2030-03-10T02:30', 'America/New_York')).toBe('2030-03-10T07:30:00.000Z')
    expect(at('2030-11-03T01:30', 'America/New_York')).toBe('2030-11-03T05:30:00.000Z')
  })

  it('takes an instant with its offset as it is, and refuses what is no time or no day', () => {
    expect(at('2030-03-06T04:59:00Z', 'America/Chicago')).toBe('2030-03-06T04:59:00.000Z')
    expect(at('2030-03-06T04:59:00-05:00', 'UTC')).toBe('2030-03-06T09:59:00.000Z')
    for (const bad of ['2030-02-30', '2030-13-01', '2030-01-01T24:00', 'tomorrow', '']) expect(at(bad, 'America/New_York'), bad).toBeNull()
  })

  it('shows an instant as the classroom clock reads it', () => {
    expect(localDateAndTime(Date.parse('2030-01-16T04:59:00Z'), 'America/New_York')).toEqual({ date: '2030-01-15', time: '23:59' })
    expect(localDateAndTime(Date.parse('2030-01-16T04:59:00Z'), 'America/Chicago')).toEqual({ date: '2030-01-15', time: '22:59' })
  })

  it('knows time zone names', () => {
    expect(isTimeZone('America/Chicago')).toBe(true)
    expect(isTimeZone('Florida/Panhandle')).toBe(false)
    expect(isTimeZone(42)).toBe(false)
  })
})

describe("a student's status on an assignment", () => {
  const due = '2030-01-16T04:59:00.000Z'
  const before = new Date('2030-01-15T12:00:00Z')
  const after = new Date('2030-01-17T12:00:00Z')
  it('is done, late, missing or to do from the items and the clock', () => {
    const early = { status: 'completed' as const, completedAt: '2030-01-15T10:00:00.000Z' }
    const late = { status: 'passed' as const, completedAt: '2030-01-16T10:00:00.000Z' }
    expect(workStatusOf([early, early], due, after)).toEqual({ status: 'done', doneAt: early.completedAt })
    expect(workStatusOf([early, late], due, after)).toEqual({ status: 'late', doneAt: late.completedAt })
    expect(workStatusOf([early, { status: 'failed', completedAt: early.completedAt }], due, after).status).toBe('missing')
    expect(workStatusOf([early, { status: null, completedAt: null }], due, before).status).toBe('todo')
    expect(workStatusOf([], due, before).status).toBe('todo')
  })
})
