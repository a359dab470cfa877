/**
 * The CSV's dates: the calendar day of a timestamp in the teacher's time zone, at the edges of a day
 * in zones a whole hour, half an hour and three quarters of an hour from UTC (the export computes
 * one answer per quarter hour).
 */
import { describe, expect, it } from 'vitest'

import { isoDateIn, isTimeZone } from '@cms/attempts/gridCsv'

describe('the CSV export’s dates', () => {
  it.each([
    ['UTC', '2026-03-01T23:59:59.999Z', '2026-03-01'],
    ['UTC', '2026-03-02T00:00:00.000Z', '2026-03-02'],
    ['America/New_York', '2026-03-02T04:59:59.000Z', '2026-03-01'],
    ['America/New_York', '2026-03-02T05:00:00.000Z', '2026-03-02'],
    ['Asia/Kolkata', '2026-03-01T18:29:59.000Z', '2026-03-01'],
    ['Asia/Kolkata', '2026-03-01T18:30:00.000Z', '2026-03-02'],
    ['Asia/Kathmandu', '2026-03-01T18:14:59.000Z', '2026-03-01'],
    ['Asia/Kathmandu', '2026-03-01T18:15:00.000Z', '2026-03-02'],
  ])('in %s, %s is %s', (timeZone, timestamp, day) => {
    const date = isoDateIn(timeZone)
    expect(date(timestamp)).toBe(day)
    // Asked again (the answer kept for its quarter hour), the same.
    expect(date(timestamp)).toBe(day)
  })

  it('gives nothing for no date, and knows a time zone from a made-up one', () => {
    expect(isoDateIn('UTC')(null)).toBe('')
    expect(isoDateIn('UTC')('not a date')).toBe('')
    expect(isTimeZone('America/Chicago')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
  })
})
