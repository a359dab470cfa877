import type { FrameLocator, Page, Route } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'

import { buildLibraryCmi5Package, buildPackage, type PackageKind } from '../helpers/packages'
import { baseURL, contentURL, expectAccessible, expectNoPageErrors, freshPagePerTest, unique, visible } from './browser'
import { apiCall, apiLogin, createStaff, demoStudent, installPackageAs, logInAt } from './consoleHelpers'
import { answerTwoAndClose, resumeAndPass } from './seededQuiz'

/**
 * Storyline packages as a student takes them in Chromium: five packages built by the tests that
 * behave like the real publishes (SCORM 1.2 driver walking window.parent, SCORM 2004, xAPI
 * posting to its launch endpoint, a cmi5 AU fetching its auth token and LMS.LaunchData, a Web
 * publish that needs cookies and localStorage). For each: the student starts it, works, closes, reopens where they left off, finishes with a score; the
 * attempt and the score are stored; their teacher's API read of the classroom shows them, and
 * another teacher and another student see nothing. Escape closes the modal from inside a package.
 */

const kinds: PackageKind[] = ['scorm12', 'scorm2004', 'xapi', 'cmi5', 'web']
const titles: Record<PackageKind, string> = {
  scorm12: 'Rights quiz (SCORM 1.2)',
  scorm2004: 'Rights quiz (SCORM 2004)',
  xapi: 'Rights quiz (xAPI)',
  cmi5: 'Rights quiz (cmi5)',
  web: 'Rights quiz (Web)',
}

type Account = { id: number; login: string; password: string; token: string }
type Class = { id: number; code: string }

const activities = {} as Record<PackageKind, number>
/** The cmi5 AU written with xAPI.js's library (tests/helpers/packages.ts). */
const libraryTitle = 'Rights quiz (cmi5 library)'
let libraryActivity = 0
let moduleId = 0
let teacher: Account
let otherTeacher: Account
let student: Account
let otherStudent: Account
let classroom: Class

const ok = <T = any>(answer: { status: number; body: T }, status = 200): T => {
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`)
  return answer.body
}

const signUpTeacher = async (): Promise<Account & { classroom: Class }> => {
  const login = `${unique('teacher')}@e2e.test`
  const password = 'Teacher-pass-123'
  const signup = ok(await apiCall('POST', '/api/signup', { body: { providers: [{ provider: 'local', username: login, password }] } }), 201)
  const token = signup.token as string
  const code = unique('SL')
    .toUpperCase()
    .replace(/[^A-Z0-9-]/g, '')
    .slice(0, 20)
  const created = ok(await apiCall('POST', `/api/users/${signup.user.id}/classrooms`, { token, body: { name: 'Period 1', code } }), 201)
  return { id: signup.user.id, login, password, token, classroom: { id: created.id ?? created.doc?.id, code } }
}

const signUpStudent = async (code: string): Promise<Account> => {
  const login = unique('pupil').toLowerCase().slice(0, 30)
  const password = 'Student-pass-123'
  const signup = ok(
    await apiCall('POST', '/api/signup', {
      body: { providers: [{ provider: 'username', username: login, password }], attributes: { type: 'student', classroom: code } },
    }),
    201,
  )
  return { id: signup.user.id, login, password, token: signup.token }
}

beforeAll(async () => {
  const editor = await createStaff(['topics:write', 'modules:write', 'activities:write'], 'storyline-editor')
  const token = await apiLogin(editor.email, editor.password)
  const topic = ok(
    await apiCall('POST', '/api/topics', { token, body: { title: unique('Tracked quizzes'), markdown: 'Quizzes that report.', order: 90 } }),
    201,
  ).doc
  const mod = ok(
    await apiCall('POST', '/api/modules', { token, body: { title: unique('Quiz module'), markdown: 'Four quizzes.', order: 1, topic: topic.id } }),
    201,
  ).doc
  moduleId = mod.id
  for (const [index, kind] of kinds.entries()) {
    const activity = ok(
      await apiCall('POST', '/api/activities', {
        token,
        body: { title: titles[kind], type: 'storyline', module: mod.id, order: index, markdown: 'Take the quiz.' },
      }),
      201,
    ).doc
    activities[kind] = activity.id
    await installPackageAs(token, activity.id, await buildPackage(kind))
  }
  libraryActivity = ok(
    await apiCall('POST', '/api/activities', {
      token,
      body: { title: libraryTitle, type: 'storyline', module: mod.id, order: kinds.length, markdown: 'Take the quiz.' },
    }),
    201,
  ).doc.id
  await installPackageAs(token, libraryActivity, await buildLibraryCmi5Package())
  const a = await signUpTeacher()
  teacher = a
  classroom = a.classroom
  const b = await signUpTeacher()
  otherTeacher = b
  student = await signUpStudent(classroom.code)
  otherStudent = await signUpStudent(b.classroom.code)
}, 180_000)

const ownAttempt = async (activity: number) => {
  const answer = ok(
    await apiCall('GET', `/api/attempts?where[student][equals]=${student.id}&where[activity][equals]=${activity}&depth=0`, { token: student.token }),
  )
  return answer.docs[0] as any
}

/** Polls the student's own attempt at an activity until it satisfies the check. */
const waitForAttempt = async (activity: number, check: (attempt: any) => boolean, what: string) => {
  const started = Date.now()
  let last: any
  while (Date.now() - started < 15_000) {
    last = await ownAttempt(activity)
    if (last && check(last)) return last
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`The attempt at activity ${activity} never showed ${what}: ${JSON.stringify(last)}`)
}

const startActivity = async (page: Page, kind: PackageKind): Promise<FrameLocator> => {
  await page.getByRole('button', { name: `Start ${titles[kind]}` }).click()
  const dialog = await visible(page.getByRole('dialog', { name: titles[kind] }))
  const launcher = dialog.locator('iframe')
  expect(await launcher.getAttribute('src')).toBe(`${contentURL()}/launch/${activities[kind]}`)
  return dialog.frameLocator('iframe').frameLocator('#package-frame')
}

const closeActivity = async (page: Page, kind: PackageKind) => {
  const dialog = page.getByRole('dialog', { name: titles[kind] })
  await dialog.getByRole('button', { name: 'Close' }).click()
  await dialog.waitFor({ state: 'detached' })
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe(`Start ${titles[kind]}`)
}

/** What each kind reports, and how its progress shows in the stored attempt. */
const progressSaved: Record<PackageKind, (attempt: any) => boolean> = {
  scorm12: (a) => a.status === 'incomplete' && /"step":2/.test(a.resume?.suspendData ?? '') && /"answer":"b"/.test(a.resume?.suspendData ?? ''),
  scorm2004: (a) => a.status === 'incomplete' && /"answer":"b"/.test(a.resume?.suspendData ?? ''),
  xapi: (a) => a.status === 'incomplete' && Object.values(a.resume?.xapiState ?? {}).some((d: any) => /"answer":"b"/.test(d.contents)),
  cmi5: (a) => a.status === 'incomplete' && Object.values(a.resume?.xapiState ?? {}).some((d: any) => /"answer":"b"/.test(d.contents)),
  web: (a) => a.openCount >= 1,
}

const scored: Record<PackageKind, (attempt: any) => boolean> = {
  scorm12: (a) => a.status === 'passed' && a.score?.raw === 80 && a.score?.max === 100 && a.score?.scaled === 0.8,
  scorm2004: (a) => a.status === 'passed' && a.score?.scaled === 0.8 && a.score?.raw === 8,
  xapi: (a) => a.status === 'passed' && a.score?.scaled === 0.8 && a.score?.raw === 8,
  cmi5: (a) => a.status === 'passed' && a.score?.scaled === 0.8 && a.score?.raw === 8,
  web: (a) => a.status === 'not-attempted' && a.openCount === 2,
}

describe('a student takes each kind of package; it resumes and reports', () => {
  let page: Page
  let context: Parameters<typeof expectNoPageErrors>[0]
  freshPagePerTest((session) => {
    page = session.page
    context = session.context
  })

  it.each(kinds)('%s: start, work, close, reopen where they left off, finish with a score', async (kind) => {
    await logInAt(page, student.login, student.password, `/modules/${moduleId}`)
    let quiz = await startActivity(page, kind)
    await visible(quiz.locator('#status').getByText('Started', { exact: true }))
    if (kind !== 'web') await visible(quiz.getByText(`Learner: ${student.login}`))
    // A frame nested inside the package (Storyline's analytics-frame.html) loads too.
    if (kind === 'scorm12') await expect.poll(() => quiz.frameLocator('#analytics').locator('#analytics-ok').textContent()).toBe('analytics frame loaded')
    await quiz.locator('#next').click()
    await quiz.locator('#answer-b').check()
    await visible(quiz.getByText('Step 2'))
    await waitForAttempt(activities[kind], progressSaved[kind], 'the progress')
    await expectAccessible(page, `${kind} package in the modal`)
    await closeActivity(page, kind)

    const opened = page.waitForResponse((response) => response.url().endsWith(`/api/activities/${activities[kind]}/open`))
    quiz = await startActivity(page, kind)
    const launch = (await (await opened).json()).launch
    expect(launch.resume, JSON.stringify(launch)).toBe(kind !== 'web')
    await visible(quiz.getByText('Resumed at step 2 with answer b'))
    await quiz.locator('#submit').click()
    await visible(quiz.getByText('Passed with 8 of 10'))
    // The cmi5 AU ran from LMS.LaunchData and its passed, completed and terminated were accepted.
    if (kind === 'cmi5') {
      await visible(quiz.getByText('Launch mode: Normal, move on: Passed'))
      await visible(quiz.getByText('Sent to the LMS'))
      // A picture for a person to look at, when SCREENS_DIR names a folder (as in benchmarks.e2e.ts).
      if (process.env.SCREENS_DIR) await page.screenshot({ path: `${process.env.SCREENS_DIR}/cmi5-package.png` })
    }
    const attempt = await waitForAttempt(activities[kind], scored[kind], 'the score')
    expect(attempt).toMatchObject({ standard: kind === 'web' ? 'none' : kind, classroom: classroom.id })
    await closeActivity(page, kind)

    // The card shows the student's own state.
    const card = page.locator('article.activity-card').filter({ has: page.getByRole('heading', { level: 2, name: titles[kind] }) })
    await visible(card.locator('.attempt-status').getByText(kind === 'web' ? 'Opened' : 'Passed · 80%'))
    expectNoPageErrors(context)
  })

  it("the package cannot read the product's cookies, and Escape from inside it closes the modal, before the package has finished loading", async () => {
    await logInAt(page, student.login, student.password, `/modules/${moduleId}`)
    // The package's nested frame is held, as a slow school network holds a package's pictures and
    // sounds: the package's page is drawn, but it has not finished loading when Escape is pressed.
    const held: Route[] = []
    await page.route('**/analytics-frame.html', (route) => void held.push(route))
    const quiz = await startActivity(page, 'scorm12')
    await visible(quiz.locator('#status'))
    await expect.poll(() => held.length).toBeGreaterThan(0)
    expect(await quiz.locator(':root').evaluate(() => document.readyState)).not.toBe('complete')
    const packageFrame = page.frames().find((frame) => frame.url().startsWith(`${contentURL()}/uploads/${activities.scorm12}/`))
    expect(packageFrame).toBeTruthy()
    const cookies = await packageFrame!.evaluate(() => document.cookie)
    expect(cookies).not.toMatch(/payload-token|XSRF-TOKEN/)
    // Nor call the API as the student: no CORS, and cross-origin writes are refused.
    const tried = await packageFrame!.evaluate(async (api) => {
      const read = await fetch(`${api}/api/users/me`, { credentials: 'include' }).then(
        (r) => `read ${r.status}`,
        () => 'read blocked',
      )
      const write = await fetch(`${api}/api/users/me`, { method: 'POST', credentials: 'include', body: 'x' }).then(
        (r) => `write ${r.status}`,
        () => 'write blocked',
      )
      return [read, write]
    }, baseURL())
    expect(tried).toEqual(['read blocked', 'write blocked'])

    await quiz.locator('#next').focus()
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await page.unroute('**/analytics-frame.html')
    await Promise.all(held.map((route) => route.abort().catch(() => undefined)))
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe(`Start ${titles.scorm12}`)
    expectNoPageErrors(context)
  })

  it('a cmi5 AU written with a library this product did not write (xAPI.js) starts from its launch, fails, then passes in a second session; the teacher sees the pass', async () => {
    await logInAt(page, student.login, student.password, `/modules/${moduleId}`)
    const dialog = page.getByRole('dialog', { name: libraryTitle })
    const open = async () => {
      await page.getByRole('button', { name: `Start ${libraryTitle}` }).click()
      const au = dialog.frameLocator('iframe').frameLocator('#package-frame')
      await visible(au.getByText('Started', { exact: true }))
      await visible(au.getByText('Launch mode: Normal, move on: Passed, mastery score: 0.7'))
      return au
    }
    const close = async () => {
      await dialog.getByRole('button', { name: 'Close' }).click()
      await dialog.waitFor({ state: 'detached' })
    }

    let au = await open()
    await au.getByRole('button', { name: 'Submit with 5 of 10' }).click()
    await visible(au.getByText('Sent to the LMS'))
    await waitForAttempt(libraryActivity, (a) => a.status === 'failed' && a.score?.scaled === 0.5, 'the fail')
    await expectAccessible(page, 'cmi5 library AU in the modal')
    await close()

    au = await open()
    await au.getByRole('button', { name: 'Submit with 8 of 10' }).click()
    await visible(au.getByText('Sent to the LMS'))
    const attempt = await waitForAttempt(libraryActivity, (a) => a.status === 'passed' && a.score?.scaled === 0.8 && a.score?.raw === 8, 'the pass')
    expect(attempt).toMatchObject({ standard: 'cmi5', classroom: classroom.id })
    await close()
    const card = page.locator('article.activity-card').filter({ has: page.getByRole('heading', { level: 2, name: libraryTitle }) })
    await visible(card.locator('.attempt-status').getByText('Passed · 80%'))

    const grid = ok(await apiCall('GET', `/api/classrooms/${classroom.id}/progress`, { token: teacher.token }))
    expect(grid.attempts).toContainEqual({ student: student.id, activity: libraryActivity, status: 'passed', score: 80 })
    expectNoPageErrors(context)
  })
})

describe('the seeded quiz', () => {
  let page: Page
  freshPagePerTest((session) => {
    page = session.page
  })

  it('reports the demo student’s score, and resumes their answers', async () => {
    const pupil = demoStudent()
    const token = await apiLogin(pupil.login, pupil.password)
    const quiz = ok(await apiCall('GET', '/api/activities?where[title][equals]=Bill%20of%20Rights%20Quiz&depth=0', { token })).docs[0]
    await logInAt(page, pupil.login, pupil.password, `/modules/${quiz.module}`)
    await page.getByRole('button', { name: 'Start Bill of Rights Quiz' }).click()
    let frame = page.getByRole('dialog').frameLocator('iframe').frameLocator('#package-frame')
    await answerTwoAndClose(page, frame, pupil.login)

    await page.getByRole('button', { name: 'Start Bill of Rights Quiz' }).click()
    frame = page.getByRole('dialog').frameLocator('iframe').frameLocator('#package-frame')
    await resumeAndPass(frame)
    await expect
      .poll(async () => {
        const mine = ok(await apiCall('GET', `/api/attempts?where[activity][equals]=${quiz.id}&depth=0`, { token })).docs[0]
        return mine && { status: mine.status, scaled: mine.score?.scaled }
      })
      .toEqual({ status: 'passed', scaled: 1 })
  })
})

describe("who reads the classroom's attempts", () => {
  it('the teacher reads them through the API; another teacher and another student see nothing', async () => {
    const mine = ok(await apiCall('GET', `/api/attempts?where[classroom][equals]=${classroom.id}&limit=100&depth=0`, { token: teacher.token }))
    const byActivity = new Map(mine.docs.map((a: any) => [a.activity, a]))
    for (const kind of kinds) {
      const attempt = byActivity.get(activities[kind]) as any
      expect(attempt, kind).toBeTruthy()
      expect(attempt.student).toBe(student.id)
      expect(scored[kind](attempt), `${kind}: ${JSON.stringify(attempt)}`).toBe(true)
      expect(attempt.resume).toBeUndefined()
    }
    // The progress grid's cells: the result and whole percentage each package reported.
    const grid = ok(await apiCall('GET', `/api/classrooms/${classroom.id}/progress`, { token: teacher.token }))
    expect(grid.attempts).toContainEqual({ student: student.id, activity: activities.cmi5, status: 'passed', score: 80 })
    const others = ok(await apiCall('GET', `/api/attempts?where[student][equals]=${student.id}&limit=100&depth=0`, { token: otherTeacher.token }))
    expect(others.docs).toEqual([])
    const peer = ok(await apiCall('GET', `/api/attempts?where[student][equals]=${student.id}&limit=100&depth=0`, { token: otherStudent.token }))
    expect(peer.docs).toEqual([])
  })
})
