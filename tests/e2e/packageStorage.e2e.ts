import type { Browser, BrowserContext, Frame, FrameLocator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { buildPackage } from '../helpers/packages'
import { buildZip } from '../helpers/zips'
import { dumpDiagnostics, launchBrowser, logoutThroughMenu, unique, visible } from './browser'
import { apiCall, createStaff, installPackageAs, logInAt } from './consoleHelpers'
import { type ServerProcess, startServerProcess } from './serverProcess'

/**
 * Packages as untrusted code, in Chromium with its default third-party rules: the product on
 * `localhost`, packages on `127.0.0.1` (another site, so the package's frame is a third-party
 * frame, denied cookies and localStorage). A server of its own, so the two addresses are set here.
 *
 * - A Web publish keeps its resume state through the storage shim, on the student's attempt: it
 *   resumes after close and reopen, and in a fresh browser.
 * - SCORM 1.2, SCORM 2004 and xAPI packages still resume and report.
 * - A shared device: the next student starts fresh; the first resumes on their next login.
 * - A package cannot replace the launcher with a page of its own, close the modal by a message or
 *   a synthetic key, or have one of its files run as a launcher script.
 */

let server: ServerProcess
let product: string
let content: string
let browser: Browser
let moduleId = 0
const activities = { web: 0, scorm12: 0, scorm2004: 0, xapi: 0, hostile: 0 }
const titles = {
  web: 'Storage quiz (Web)',
  scorm12: 'Storage quiz (SCORM 1.2)',
  scorm2004: 'Storage quiz (SCORM 2004)',
  xapi: 'Storage quiz (xAPI)',
  hostile: 'Hostile package',
}
type Kind = keyof typeof activities
type Account = { id: number; login: string; password: string; token: string }
let classroomCode = ''

const ok = <T = any>(answer: { status: number; body: T }, status = 200): T => {
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`)
  return answer.body
}

/** A package that tries what a hostile one would, with buttons the test presses. */
const hostilePackage = () =>
  buildZip([
    {
      name: 'story.html',
      data: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hostile</title></head><body>
<h1>Hostile package</h1><p id="status">Ready</p>
<button id="fake-escape" type="button">Fake escape</button>
<button id="leave" type="button">Leave</button>
<script>
document.getElementById('fake-escape').addEventListener('click', function () {
  // A civics message from the package's own window, and a synthetic Escape in the launcher.
  parent.parent.postMessage({ type: 'civics:escape' }, '*')
  parent.dispatchEvent(new parent.KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
  // Then a storage write, which the product saves: proof the messages before it were handled.
  localStorage.setItem('probe', 'after the fake escape')
  document.getElementById('status').textContent = 'Sent'
})
document.getElementById('leave').addEventListener('click', function () {
  var target = new URL('phish.html', location.href).href
  // The sandbox forbids a frame to navigate its ancestors; a link in the launcher's own document
  // navigates the launcher itself.
  try { parent.location.href = target } catch (error) {}
  var link = parent.document.createElement('a')
  link.href = target
  parent.document.body.appendChild(link)
  link.click()
})
</script></body></html>`,
    },
    {
      name: 'phish.html',
      data: '<!doctype html><html lang="en"><head><title>Sign in</title></head><body><p>Your session expired. Enter your password.</p></body></html>',
    },
    { name: 'evil.js', data: 'window.evilRan = true' },
  ])

const signUpStudent = async (): Promise<Account> => {
  const login = unique('pupil').toLowerCase().slice(0, 30)
  const password = 'Student-pass-123'
  const signup = ok(
    await apiCall('POST', '/api/signup', {
      base: server.baseURL,
      body: { providers: [{ provider: 'username', username: login, password }], attributes: { type: 'student', classroom: classroomCode } },
    }),
    201,
  )
  return { id: signup.user.id, login, password, token: signup.token }
}

beforeAll(async () => {
  server = await startServerProcess({
    name: 'package-storage',
    env: ({ port, contentPort }) => ({ PUBLIC_URL: `http://localhost:${port}`, CONTENT_URL: `http://127.0.0.1:${contentPort}` }),
  })
  product = server.baseURL.replace('127.0.0.1', 'localhost')
  content = server.contentURL
  browser = await launchBrowser()

  const editor = await createStaff(['topics:write', 'modules:write', 'activities:write'], 'storage-editor', { base: server.baseURL, dataDir: server.dir })
  const token = ok(await apiCall('POST', '/api/login', { base: server.baseURL, body: { username: editor.email, password: editor.password } })).token
  const topic = ok(
    await apiCall('POST', '/api/topics', { base: server.baseURL, token, body: { title: unique('Untrusted packages'), markdown: 'Quizzes.', order: 91 } }),
    201,
  ).doc
  moduleId = ok(
    await apiCall('POST', '/api/modules', {
      base: server.baseURL,
      token,
      body: { title: unique('Storage module'), markdown: 'Quizzes.', order: 1, topic: topic.id },
    }),
    201,
  ).doc.id
  const zips: Record<Kind, () => Promise<Buffer>> = {
    web: () => buildPackage('web'),
    scorm12: () => buildPackage('scorm12'),
    scorm2004: () => buildPackage('scorm2004'),
    xapi: () => buildPackage('xapi'),
    hostile: hostilePackage,
  }
  for (const [index, kind] of (Object.keys(activities) as Kind[]).entries()) {
    const activity = ok(
      await apiCall('POST', '/api/activities', {
        base: server.baseURL,
        token,
        body: { title: titles[kind], type: 'storyline', module: moduleId, order: index, markdown: 'Take it.' },
      }),
      201,
    ).doc
    activities[kind] = activity.id
    await installPackageAs(token, activity.id, await zips[kind](), server.baseURL)
  }
  const teacherLogin = `${unique('teacher')}@e2e.test`
  const teacher = ok(
    await apiCall('POST', '/api/signup', {
      base: server.baseURL,
      body: { providers: [{ provider: 'local', username: teacherLogin, password: 'Teacher-pass-123' }] },
    }),
    201,
  )
  classroomCode = unique('ST')
    .toUpperCase()
    .replace(/[^A-Z0-9-]/g, '')
    .slice(0, 20)
  ok(
    await apiCall('POST', `/api/users/${teacher.user.id}/classrooms`, {
      base: server.baseURL,
      token: teacher.token,
      body: { name: 'Period 2', code: classroomCode },
    }),
    201,
  )
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const contexts: BrowserContext[] = []
const pageErrors: string[] = []

/** A fresh browser profile at the product's address (localhost). */
const freshPage = async (): Promise<Page> => {
  const context = await browser.newContext({ baseURL: product, viewport: { width: 1280, height: 900 }, locale: 'en-US' })
  context.setDefaultTimeout(15_000)
  context.setDefaultNavigationTimeout(30_000)
  context.on('page', (page) => page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`)))
  contexts.push(context)
  return context.newPage()
}

afterEach(async (ctx) => {
  for (const context of contexts.splice(0)) {
    if (ctx.task.result?.state === 'fail') await dumpDiagnostics(ctx.task.name, context)
    await context.close()
  }
  expect(pageErrors.splice(0), 'uncaught errors in the page').toEqual([])
})

const startActivity = async (page: Page, kind: Kind): Promise<FrameLocator> => {
  await page.getByRole('button', { name: `Start ${titles[kind]}` }).click()
  const dialog = await visible(page.getByRole('dialog', { name: titles[kind] }))
  const launcher = dialog.locator('iframe')
  expect(await launcher.getAttribute('src')).toBe(`${content}/launch/${activities[kind]}`)
  expect((await launcher.getAttribute('sandbox'))?.split(' ').sort()).toEqual(
    ['allow-downloads', 'allow-forms', 'allow-modals', 'allow-popups', 'allow-same-origin', 'allow-scripts'].sort(),
  )
  return dialog.frameLocator('iframe').frameLocator('#package-frame')
}

const closeActivity = async (page: Page, kind: Kind) => {
  const dialog = page.getByRole('dialog', { name: titles[kind] })
  await dialog.getByRole('button', { name: 'Close' }).click()
  await dialog.waitFor({ state: 'detached' })
}

const attemptOf = async (account: Account, kind: Kind) =>
  ok(
    await apiCall('GET', `/api/attempts?where[student][equals]=${account.id}&where[activity][equals]=${activities[kind]}&depth=0`, {
      base: server.baseURL,
      token: account.token,
    }),
  ).docs[0] as any

const waitForAttempt = async (account: Account, kind: Kind, check: (attempt: any) => boolean, what: string) => {
  let last: any
  await expect
    .poll(
      async () => {
        last = await attemptOf(account, kind)
        return Boolean(last && check(last))
      },
      { timeout: 20_000, message: `the ${kind} attempt never showed ${what}: ${JSON.stringify(last)}` },
    )
    .toBe(true)
  return last
}

const webAnswerSaved = (attempt: any) => /"answer":"b"/.test(attempt.resume?.storage?.localStorage?.['web-quiz'] ?? '')

/** Works the Web quiz to step 2 with answer b, and waits until the attempt holds it. */
const answerWebQuiz = async (page: Page, account: Account) => {
  const quiz = await startActivity(page, 'web')
  await visible(quiz.locator('#status').getByText('Started', { exact: true }))
  await quiz.locator('#next').click()
  await quiz.locator('#answer-b').check()
  await visible(quiz.getByText('Step 2'))
  await waitForAttempt(account, 'web', webAnswerSaved, 'the answer in its storage')
  await closeActivity(page, 'web')
}

describe('resume under third-party rules: the state is on the server', () => {
  it('a Web publish resumes after close and reopen, and in a fresh browser for the same student', async () => {
    const student = await signUpStudent()
    let page = await freshPage()
    await logInAt(page, student.login, student.password, `/modules/${moduleId}`)
    await answerWebQuiz(page, student)
    // The package's frame is third-party here: what it reads as document.cookie is the shim's.
    const attempt = await attemptOf(student, 'web')
    expect(attempt.resume.storage.cookies['web-quiz-step'].value).toBe('2')

    let quiz = await startActivity(page, 'web')
    await visible(quiz.getByText('Resumed at step 2 with answer b'))
    const packageFrame = page.frames().find((frame) => frame.url().startsWith(`${content}/uploads/${activities.web}/`)) as Frame
    expect(await packageFrame.evaluate(() => document.cookie)).toBe('web-quiz-step=2')
    // A change after resuming is kept too.
    await quiz.locator('#answer-a').check()
    await waitForAttempt(student, 'web', (a) => /"answer":"a"/.test(a.resume?.storage?.localStorage?.['web-quiz'] ?? ''), 'the new answer')
    await closeActivity(page, 'web')

    page = await freshPage()
    await logInAt(page, student.login, student.password, `/modules/${moduleId}`)
    quiz = await startActivity(page, 'web')
    await visible(quiz.getByText('Resumed at step 2 with answer a'))
  })

  /** How each tracked kind's progress shows in the stored attempt. */
  const progressSaved = {
    scorm12: (a: any) => a.status === 'incomplete' && /"answer":"b"/.test(a.resume?.suspendData ?? ''),
    scorm2004: (a: any) => a.status === 'incomplete' && /"answer":"b"/.test(a.resume?.suspendData ?? ''),
    xapi: (a: any) => a.status === 'incomplete' && Object.values(a.resume?.xapiState ?? {}).some((d: any) => /"answer":"b"/.test(d.contents)),
  }

  it.each(['scorm12', 'scorm2004', 'xapi'] as const)('a %s package resumes and reports', async (kind) => {
    const student = await signUpStudent()
    const page = await freshPage()
    await logInAt(page, student.login, student.password, `/modules/${moduleId}`)
    let quiz = await startActivity(page, kind)
    await visible(quiz.locator('#status').getByText('Started', { exact: true }))
    await visible(quiz.getByText(`Learner: ${student.login}`))
    if (kind === 'scorm12') await expect.poll(() => quiz.frameLocator('#analytics').locator('#analytics-ok').textContent()).toBe('analytics frame loaded')
    await quiz.locator('#next').click()
    await quiz.locator('#answer-b').check()
    await waitForAttempt(student, kind, progressSaved[kind], 'the progress')
    await closeActivity(page, kind)

    quiz = await startActivity(page, kind)
    await visible(quiz.getByText('Resumed at step 2 with answer b'))
    await quiz.locator('#submit').click()
    await visible(quiz.getByText('Passed with 8 of 10'))
    await waitForAttempt(student, kind, (a) => a.status === 'passed' && a.score?.scaled === 0.8, 'the score')
    await closeActivity(page, kind)
  })
})

describe('a shared device', () => {
  it('the next student starts fresh after a logout, and the first resumes on their next login', async () => {
    const first = await signUpStudent()
    const second = await signUpStudent()
    const page = await freshPage()
    await logInAt(page, first.login, first.password, `/modules/${moduleId}`)
    await answerWebQuiz(page, first)

    // Logout loads the content origin's Clear-Site-Data.
    const cleared = page.waitForResponse((response) => response.url() === `${content}/clear-site-data`)
    await logoutThroughMenu(page)
    expect((await (await cleared).allHeaders())['clear-site-data']).toBe('"cookies", "storage"')

    await logInAt(page, second.login, second.password, `/modules/${moduleId}`)
    let quiz = await startActivity(page, 'web')
    await visible(quiz.locator('#status').getByText('Started', { exact: true }))
    expect(await quiz.locator('#answer-b').isChecked()).toBe(false)
    await closeActivity(page, 'web')
    await logoutThroughMenu(page)

    await logInAt(page, first.login, first.password, `/modules/${moduleId}`)
    quiz = await startActivity(page, 'web')
    await visible(quiz.getByText('Resumed at step 2 with answer b'))
  })
})

describe('a hostile package', () => {
  it('cannot close the modal by a message or a synthetic key, nor run its file as a launcher script, nor replace the launcher', async () => {
    const student = await signUpStudent()
    const page = await freshPage()
    await logInAt(page, student.login, student.password, `/modules/${moduleId}`)
    const quiz = await startActivity(page, 'hostile')
    await visible(quiz.getByText('Ready'))
    const dialog = page.getByRole('dialog', { name: titles.hostile })

    await quiz.locator('#fake-escape').click()
    await visible(quiz.getByText('Sent'))
    await waitForAttempt(student, 'hostile', (a) => a.resume?.storage?.localStorage?.probe === 'after the fake escape', 'the probe')
    await visible(dialog)

    // A file of the package, added to the launcher page as a script: refused by its CSP. The same
    // file runs in the package's own page, so the refusal is the launcher's.
    const launcherFrame = page.frames().find((frame) => frame.url() === `${content}/launch/${activities.hostile}`) as Frame
    const packageFrame = page.frames().find((frame) => frame.url().startsWith(`${content}/uploads/${activities.hostile}/`)) as Frame
    const evil = `/uploads/${activities.hostile}/storyline/evil.js`
    const tryScript = (src: string) =>
      new Promise<{ outcome: string; directive: string; ran: boolean }>((resolve) => {
        const script = document.createElement('script')
        let directive = ''
        document.addEventListener('securitypolicyviolation', (event) => {
          directive = event.violatedDirective
        })
        script.onload = () => resolve({ outcome: 'loaded', directive, ran: Boolean((window as any).evilRan) })
        script.onerror = () => resolve({ outcome: 'refused', directive, ran: Boolean((window as any).evilRan) })
        script.src = src
        document.head.appendChild(script)
      })
    expect(await launcherFrame.evaluate(tryScript, evil)).toEqual({ outcome: 'refused', directive: 'script-src-elem', ran: false })
    expect(await packageFrame.evaluate(tryScript, evil)).toEqual({ outcome: 'loaded', directive: '', ran: true })

    await quiz.locator('#leave').click()
    await visible(dialog.getByRole('alert').getByText('This activity tried to show another page in this window, so it was stopped.', { exact: false }))
    expect(await dialog.locator('iframe').count()).toBe(0)
    expect(page.frames().some((frame) => frame.url().endsWith('/phish.html'))).toBe(false)
  })
})
