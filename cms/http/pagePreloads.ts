import { apiPaths } from '@common/apiPaths'
import { DEFAULT_LOCALE, isLocale, localizedPath, matchLocale } from '@common/locales'

/** The signed-in user of the page data (cms/http/pageData.ts). */
type PageUser = { id: unknown; language?: unknown }

/** A classroom's page (spec: /user/classrooms/{id}); ids are numbers (SQL) or hex ObjectIds (MongoDB). */
const classroomPage = /^\/user\/classrooms\/([0-9a-f]{1,24})$/i
/** A topic's page (spec: /topics/{id}). */
const topicPage = /^\/topics\/([0-9a-f]{1,24})$/i

/**
 * What a page fetches first, when its address names it: the home page's topics, a topic, a
 * teacher's classroom with its grid (progress and columns), its assignments and its mastery.
 */
const firstFetches = (pathname: string, user: PageUser | null): string[] => {
  if (pathname === '/') return [apiPaths.topics()]
  const topic = topicPage.exec(pathname)?.[1]
  if (topic) return [apiPaths.topic(topic)]
  const classroom = classroomPage.exec(pathname)?.[1]
  if (user && classroom)
    return [
      apiPaths.classroom(String(user.id), classroom),
      apiPaths.classroomProgress(classroom),
      apiPaths.activityColumns(),
      apiPaths.classroomAssignments(classroom),
      apiPaths.classroomBenchmarks(classroom),
    ]
  return []
}

/**
 * `<link rel="preload">` for the data a page asks for first, when its address names that data.
 * Without it the browser fetches the data only after the entry, the layout's chunk and the page's
 * chunk have loaded and run, one round trip after another; with it, beside the scripts. That
 * matters most where the wait shows: the classroom page, whose grid is the largest answer a teacher waits for,
 * and the home and topic pages, whose first card image (their largest paint) waits on the data. The address must be the one the SPA will fetch, to the byte (`apiPaths`, in
 * the language the SPA will ask in: the account's choice, else the browser's), or the browser
 * fetches twice. The classroom answers are the reader's own and never cached; the grid's columns
 * are content, cached by the server's read cache and revalidated by the browser (a 304 once it has them).
 */
export function pagePreloads(pathname: string, user: PageUser | null, acceptLanguage: string | undefined): string {
  const fetches = firstFetches(pathname, user)
  if (!fetches.length) return ''
  const language = isLocale(user?.language) ? user.language : (matchLocale((acceptLanguage ?? '').split(',')) ?? DEFAULT_LOCALE)
  return fetches.map((path) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${localizedPath(path, language)}">`).join('')
}

/** The parts of Vite's build manifest (web/dist/.vite/manifest.json) read here. */
export type BuildManifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>

/**
 * The sign-in pages' own modules: a whole class opens them at the start of a lesson, on school
 * Wi-Fi. Each is a chunk the SPA loads only after its entry has run, and its imports after that.
 * A key that is not in the manifest (a page renamed or moved) preloads nothing, and a test fails.
 */
export const signInPageModules: Record<string, string> = {
  '/login': 'src/auth/LoginPage.tsx',
  '/signup': 'src/auth/SignupPage.tsx',
  '/forgot': 'src/auth/ForgotPage.tsx',
  '/reset': 'src/auth/ResetPage.tsx',
}

/**
 * Every lazy screen also waits for the English of the screens (`withScreensEnglish`,
 * web/src/i18n/i18n.ts), a dynamic import that no page module names among its imports. Its
 * manifest key is a virtual module's id holding the build's absolute path, so it is found by how
 * the key ends.
 */
export const screensEnglishKeyEnding = '/web/src/i18n/locales/en.screens.json.js'

/**
 * Per sign-in page, `<link rel="modulepreload">` for every file its module and the screens'
 * English need that the entry does not load already (index.html names those), so they arrive
 * beside the entry: one wave of round trips instead of three.
 */
export function modulePreloads(manifest: BuildManifest): Map<string, string> {
  const collect = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return
    into.add(key)
    for (const imported of manifest[key].imports ?? []) collect(imported, into)
  }
  const withEntry = new Set<string>()
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, withEntry)
  const screensEnglish = Object.keys(manifest).find((key) => key.endsWith(screensEnglishKeyEnding))
  const preloads = new Map<string, string>()
  for (const [pathname, module] of Object.entries(signInPageModules)) {
    const needed = new Set<string>()
    collect(module, needed)
    if (screensEnglish) collect(screensEnglish, needed)
    const links = [...needed].filter((key) => !withEntry.has(key)).map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`)
    if (links.length) preloads.set(pathname, links.join(''))
  }
  return preloads
}
