import type { Page } from 'playwright-core'
import yazl from 'yazl'

import { baseURL, demoLogins, logSize, submitLogin, unique, visible, waitForLog, waitForPath } from './browser'

/**
 * Helpers of the console and admin browser tests: API calls made as a given account (to prepare
 * staff accounts with exact scopes), the Storyline package the tests upload, and logging in.
 */

export const EDITOR_ROLE = 'Staff editor (every scope)'

/** The seeded editor, who holds every scope (users:write included). */
export const demoEditor = (dir?: string) => {
  const found = demoLogins(dir).find((entry) => entry.role === EDITOR_ROLE)
  if (!found) throw new Error(`No "${EDITOR_ROLE}" in demo-logins.txt`)
  return found
}

/** The seeded student (username demo-student). */
export const demoStudent = (dir?: string) => {
  const found = demoLogins(dir).find((entry) => entry.login === 'demo-student')
  if (!found) throw new Error('No demo-student in demo-logins.txt')
  return found
}

export type ApiAnswer<T = any> = { status: number; body: T }

/** A JSON call to the API with a bearer token (no session cookie, so no CSRF token needed). */
export const apiCall = async <T = any>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; base?: string } = {},
): Promise<ApiAnswer<T>> => {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  const answer = await fetch(`${options.base ?? baseURL()}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  const text = await answer.text()
  let body: any = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON
  }
  return { status: answer.status, body }
}

/** POST /api/login; returns the token. */
export const apiLogin = async (username: string, password: string, base?: string): Promise<string> => {
  const answer = await apiCall('POST', '/api/login', { body: { username, password }, base })
  if (answer.status !== 200 || !answer.body?.token) throw new Error(`Login of ${username} failed: ${answer.status} ${JSON.stringify(answer.body)}`)
  return answer.body.token as string
}

/** Installs a package's zip on a Storyline activity as an editor (its upload route); anything but 200 throws. */
export const installPackageAs = async (token: string, activityId: number | string, zip: Buffer, base?: string) => {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'package.zip')
  const answer = await fetch(`${base ?? baseURL()}/api/activities/${activityId}/storyline`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  if (answer.status !== 200) throw new Error(`upload failed: ${answer.status} ${await answer.text()}`)
}

/** A downloaded CSV's lines, without the byte-order mark Excel needs and the last line's end. */
export const csvLines = (bytes: Buffer) =>
  bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .replace(/\r\n$/, '')
    .split('\r\n')

export type StaffAccount = { id: number | string; email: string; password: string; scopes: string[] }

/**
 * Creates an account as the seeded editor (POST /api/users, users:write) and grants it exactly
 * these scopes (PATCH /api/users/:id), the way an administrator would.
 */
export const createStaff = async (scopes: string[], label = 'staff', server: { base?: string; dataDir?: string } = {}): Promise<StaffAccount> => {
  const { base } = server
  const editor = demoEditor(server.dataDir)
  const token = await apiLogin(editor.login, editor.password, base)
  const email = `${unique(label)}@e2e.test`
  const password = 'Staff-pass-12345'
  const created = await apiCall('POST', '/api/users', { token, base, body: { email, password, mode: 'day', theme: 'civics' } })
  if (created.status !== 201) throw new Error(`Creating ${email} failed: ${created.status} ${JSON.stringify(created.body)}`)
  const id = created.body.doc.id
  const patched = await apiCall('PATCH', `/api/users/${id}`, { token, base, body: { scopes } })
  if (patched.status !== 200) throw new Error(`Granting ${scopes.join(', ')} to ${email} failed: ${patched.status} ${JSON.stringify(patched.body)}`)
  const granted = [...(patched.body.doc?.scopes ?? [])].sort()
  if (JSON.stringify(granted) !== JSON.stringify([...scopes].sort())) throw new Error(`${email} holds ${granted.join(', ')}, not ${scopes.join(', ')}`)
  return { id, email, password, scopes }
}

/** A small Storyline-like export: story.html at the root showing the marker, and a script it loads. */
export const buildStorylineZip = async (marker: string): Promise<Buffer> => {
  const zip = new yazl.ZipFile()
  const html = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${marker}</title></head>
<body>
<main>
<h1>${marker}</h1>
<p id="player-status">Loading the player…</p>
</main>
<script src="story_content/player.js"></script>
</body>
</html>
`
  const script = `document.getElementById('player-status').textContent = 'Player script ran';\n`
  zip.addBuffer(Buffer.from(html), 'story.html')
  zip.addBuffer(Buffer.from(script), 'story_content/player.js')
  zip.end()
  const chunks: Buffer[] = []
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk)
  return Buffer.concat(chunks)
}

/** Logs in through /login (as a person would) and waits for the redirect target. */
export const logInAt = async (page: Page, username: string, password: string, redirect = '/') => {
  await page.goto(redirect === '/' ? '/login' : `/login?redirect=${encodeURIComponent(redirect)}`)
  await submitLogin(page, username, password)
  await waitForPath(page, redirect)
  await visible(page.getByRole('button', { name: 'Account menu' }))
}

/** Opens the console from the account menu, the way staff reach it. */
export const openConsoleFromMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Console' }).click()
  await waitForPath(page, '/console')
  await visible(page.getByRole('heading', { level: 1, name: 'Console' }))
}

/** The link texts of the console's sidebar. */
export const sidebarLinks = async (page: Page) => {
  const nav = await visible(page.getByRole('navigation', { name: 'Console' }))
  return nav.getByRole('link').allInnerTexts()
}

/** A same-origin fetch from the page, with the session cookie and the CSRF token, as the SPA sends it. */
export const fetchInPage = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) => {
      // As the SPA does: the page data's token (the cookie is HttpOnly in production).
      const pageData = JSON.parse(document.getElementById('page-data')?.textContent || '{}') as { csrfToken?: string }
      const token = pageData.csrfToken ?? ''
      const headers: Record<string, string> = { accept: 'application/json' }
      if (token) headers['X-XSRF-TOKEN'] = token
      if (body !== undefined) headers['content-type'] = 'application/json'
      const answer = await fetch(path, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) })
      return { status: answer.status, text: await answer.text() }
    },
    { method, path, body },
  )

/**
 * Opens the confirmation link the server logged for this address (no SMTP in the tests): an
 * educator adds students in bulk only once their email is confirmed. `from`: the log's size before the signup.
 */
export const confirmEmail = async (email: string, from: number) => {
  const [, token] = await waitForLog(
    new RegExp(`To: ${email.replace(/[.+]/g, '\\$&')}\\nSubject: Confirm your Civics360 email address\\n[^\\n]*\\n\\S+/verify-email\\?token=(\\S+)`),
    from,
  )
  const answer = await apiCall('POST', '/api/email/confirm', { body: { token: decodeURIComponent(token) } })
  if (answer.status !== 200) throw new Error(`Confirming ${email} answered ${answer.status}: ${JSON.stringify(answer.body)}`)
}

/** An API answer's body, after checking its status. */
export const ok = <T = any>(answer: { status: number; body: T }, status = 200): T => {
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`)
  return answer.body
}

export type Teacher = { id: number; login: string; password: string; token: string }

/** A new teacher, signed up by email and with the email confirmed (as adding students needs). */
export const signUpTeacher = async (prefix = 'teacher'): Promise<Teacher> => {
  const login = `${unique(prefix)}@e2e.test`
  const password = 'Teacher-pass-123'
  const logFrom = logSize()
  const signup = ok(await apiCall('POST', '/api/signup', { body: { providers: [{ provider: 'local', username: login, password }] } }), 201)
  await confirmEmail(login, logFrom)
  return { id: signup.user.id, login, password, token: signup.token }
}

/** A classroom of this teacher's, with a code of its own. */
export const createClassroom = async (teacher: Teacher, name: string) => {
  const code = unique('WK')
    .toUpperCase()
    .replace(/[^A-Z0-9-]/g, '')
    .slice(0, 20)
  const created = ok(await apiCall('POST', `/api/users/${teacher.id}/classrooms`, { token: teacher.token, body: { name, code } }), 201)
  return { id: created.id as number, name, code }
}
