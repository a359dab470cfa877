/**
 * Wall-clock times in a named time zone, with Intl alone: a school's "due Friday 11:59 pm" is an
 * instant only once its time zone is known. Instants are stored in UTC.
 */

/** True when `timeZone` is a time zone Intl knows (an IANA name such as America/Chicago, or UTC). */
export const isTimeZone = (timeZone: unknown): timeZone is string => {
  if (typeof timeZone !== 'string' || !timeZone || timeZone.length > 64) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return true
  } catch {
    return false
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>()
const formatterFor = (timeZone: string) => {
  let format = formatters.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, format)
  }
  return format
}

/** The wall clock in `timeZone` at `instant`: year, month (1–12), day, hour, minute, second. */
export const wallClock = (instant: number, timeZone: string) => {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant))
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour') % 24, minute: part('minute'), second: part('second') }
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
const offsetAt = (instant: number, timeZone: string) => {
  const w = wallClock(instant, timeZone)
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000
}

/**
 * The instant the clocks of `timeZone` show this wall time. A time skipped by a spring-forward
 * change is read with the offset before the change (so 2:30 am becomes 3:30 am), a repeated one as
 * its first occurrence.
 */
export const zonedToInstant = (year: number, month: number, day: number, hour: number, minute: number, timeZone: string): number => {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute)
  const first = offsetAt(asUtc - offsetAt(asUtc, timeZone), timeZone)
  const candidates = [asUtc - offsetAt(asUtc, timeZone), asUtc - first]
  const exact = candidates.filter((t) => {
    const w = wallClock(t, timeZone)
    return w.year === year && w.month === month && w.day === day && w.hour === hour && w.minute === minute
  })
  // In a skipped hour neither reads back; the later instant is the wall time on the offset before the change.
  return exact.length ? Math.min(...exact) : Math.max(...candidates)
}

const pad = (n: number) => String(n).padStart(2, '0')

/** `YYYY-MM-DD` and `HH:MM` of an instant on the clocks of `timeZone` (what a date and a time input hold). */
export const localDateAndTime = (instant: number, timeZone: string) => {
  const w = wallClock(instant, timeZone)
  return { date: `${w.year}-${pad(w.month)}-${pad(w.day)}`, time: `${pad(w.hour)}:${pad(w.minute)}` }
}

const localPattern = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/
const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/

/**
 * A time as the API takes it: an ISO instant with its offset (`2026-03-06T04:59:00Z`), a wall time
 * in the classroom's time zone (`2026-03-05T23:59`), or a date alone, which means `defaultTime` that
 * day. Null when it is none of these or names no real day.
 */
export const parseSchoolTime = (value: string, timeZone: string, defaultTime: string): number | null => {
  if (instantPattern.test(value)) {
    const time = Date.parse(value)
    return Number.isNaN(time) ? null : time
  }
  const match = localPattern.exec(value)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const [hour, minute] = match[4] ? [Number(match[4]), Number(match[5])] : defaultTime.split(':').map(Number)
  const calendar = new Date(Date.UTC(year, month - 1, day))
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day || hour > 23 || minute > 59) return null
  return zonedToInstant(year, month, day, hour, minute, timeZone)
}
