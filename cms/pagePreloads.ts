import { apiPaths } from '../common/apiPaths'
import { DEFAULT_LOCALE, isLocale, localizedPath, matchLocale } from '../common/locales'

/** The signed-in user of the page data (cms/pageData.ts). */
type PageUser = { id: unknown; language?: unknown }

/** A classroom's page (spec: /user/classrooms/{id}); ids are numbers (SQL) or hex ObjectIds (MongoDB). */
const classroomPage = /^\/user\/classrooms\/([0-9a-f]{1,24})$/i

/**
 * `<link rel="preload">` for the data a page asks for first, when its address names that data.
 * Without it the browser fetches the data only after the entry, the layout's chunk and the page's
 * chunk have loaded and run, one round trip after another; with it, beside the scripts. The
 * classroom page is the one that needs it: its grid is the largest answer a teacher waits for
 * (issue 11). The address must be the one the SPA will fetch, to the byte (`apiPaths`, in the
 * language the SPA will ask in: the account's choice, else the browser's), or the browser fetches
 * twice. Signed-in pages only; the answer is the reader's own, so nothing here is cached.
 */
export function pagePreloads(pathname: string, user: PageUser | null, acceptLanguage: string | undefined): string {
  const classroom = classroomPage.exec(pathname)?.[1]
  if (!user || !classroom) return ''
  const language = isLocale(user.language) ? user.language : (matchLocale((acceptLanguage ?? '').split(',')) ?? DEFAULT_LOCALE)
  return [apiPaths.classroom(String(user.id), classroom), apiPaths.classroomProgress(classroom)]
    .map((path) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${localizedPath(path, language)}">`)
    .join('')
}
