/**
 * A time as the school's clock shows it, in the reader's language, with the zone named when it is
 * not the reader's own (a Central panhandle class read from an Eastern laptop says "CST").
 */
export function schoolTime(iso: string | null | undefined, timeZone: string, language: string): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone
  return new Intl.DateTimeFormat(language, {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(own === timeZone ? {} : { timeZoneName: 'short' }),
  }).format(date)
}
