import fs from 'node:fs'
import path from 'node:path'

import type { BrowserContext, Page, Route } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'

import { packageFiles } from '../helpers/packages'
import { buildZip } from '../helpers/zips'
import { expectAccessible, expectNoPageErrors, freshPagePerTest, unique, visible } from './browser'
import { apiCall, apiLogin, createClassroom, createStaff, installPackageAs, logInAt, ok, signUpTeacher, type Teacher } from './consoleHelpers'

/**
 * A quiz finished on a Wi-Fi drop, in Chromium against the real server. The student answers, the
 * network goes away while the queue tries again and again, they answer more, submit, finish the
 * course and close: the modal said "Not saved yet: will retry" and the card keeps saying it. The
 * page is reloaded while the server still cannot be reached: the waiting saves were kept in the
 * browser, and reopening the quiz resumes from them rather than from the server's older state.
 * Back online, the queue sends them and the teacher reads one attempt with the final score.
 * Also: the launcher's "Loading the activity…" goes as soon as the package's page shows, while one
 * of its pictures is still loading.
 */

const TITLE = 'Amendments quiz (offline)'

/** The SCORM 1.2 test package, with a picture the test holds back and an "exit course" button. */
const offlinePackage = () =>
  buildZip(
    packageFiles('scorm12')
      .map((file) =>
        file.name === 'index_lms.html'
          ? {
              ...file,
              data: file.data.replace(
                '</body>',
                `<img id="poster" src="media/poster.png" alt="" width="1" height="1">
<button id="exit" type="button">Exit course</button>
<script>document.getElementById('exit').addEventListener('click', function () { finished = true; API.LMSFinish('') })</script>
</body>`,
              ),
            }
          : file,
      )
      .concat([{ name: 'media/poster.png', data: 'not really a picture' }]),
  )

let teacher: Teacher
let student: { id: number; username: string; password: string }
let activityId = 0
let moduleId = 0

beforeAll(async () => {
  const editor = await createStaff(['topics:write', 'modules:write', 'activities:write'], 'offline-editor')
  const token = await apiLogin(editor.email, editor.password)
  const topic = ok(await apiCall('POST', '/api/topics', { token, body: { title: unique('Offline quizzes'), markdown: 'Quizzes.', order: 91 } }), 201).doc
  const mod = ok(
    await apiCall('POST', '/api/modules', { token, body: { title: unique('Offline module'), markdown: 'A quiz.', order: 1, topic: topic.id } }),
    201,
  ).doc
  moduleId = mod.id
  const activity = ok(
    await apiCall('POST', '/api/activities', { token, body: { title: TITLE, type: 'storyline', module: mod.id, order: 0, markdown: 'Take the quiz.' } }),
    201,
  ).doc
  activityId = activity.id
  await installPackageAs(token, activityId, await offlinePackage())
  teacher = await signUpTeacher('offline')
  const classroom = await createClassroom(teacher, 'Period 3 Civics')
  student = ok(await apiCall('POST', `/api/classrooms/${classroom.id}/students`, { token: teacher.token, body: { firstNames: ['Maya'] } }), 201).students[0]
}, 180_000)

/** A screenshot for a person to look at, when SCREENS_DIR names a folder. */
const shot = async (page: Page, name: string) => {
  const dir = process.env.SCREENS_DIR
  if (!dir) return
  fs.mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: path.join(dir, `${name}.png`) })
}

/** What the teacher reads of the student's attempts at the quiz. */
const teachersView = async () =>
  ok(await apiCall('GET', `/api/attempts?where[student][equals]=${student.id}&where[activity][equals]=${activityId}&depth=0`, { token: teacher.token }))
    .docs as any[]

const isSave = (url: string, method: string) => method === 'PUT' && url.endsWith(`/api/activities/${activityId}/attempt`)

describe('a quiz finished on a Wi-Fi drop', () => {
  let page: Page
  let context: BrowserContext
  freshPagePerTest((session) => {
    page = session.page
    context = session.context
  })

  it('is kept in the browser, said not saved, resumed from, and sent once when the network is back', async () => {
    const failedSaves: string[] = []
    const takenKeys: string[] = []
    page.on('requestfailed', (request) => {
      if (isSave(request.url(), request.method())) failedSaves.push(request.url())
    })
    page.on('response', async (response) => {
      const request = response.request()
      if (isSave(request.url(), request.method()) && response.ok()) takenKeys.push((await request.allHeaders())['idempotency-key'])
    })
    // The package's picture does not arrive until the test lets it.
    let releasePoster = () => {}
    const posterHeld = new Promise<void>((resolve) => {
      releasePoster = resolve
    })
    await context.route('**/media/poster.png*', async (route: Route) => {
      await posterHeld
      await route.fulfill({ status: 404, body: '' })
    })

    await logInAt(page, student.username, student.password, `/modules/${moduleId}`)
    await page.getByRole('button', { name: `Start ${TITLE}` }).click()
    const dialog = await visible(page.getByRole('dialog', { name: TITLE }))
    const launcher = dialog.frameLocator('iframe')
    let quiz = launcher.frameLocator('#package-frame')
    await visible(quiz.locator('#status').getByText('Started', { exact: true }))
    // The player shows while its picture is still on the way: the loading words are gone.
    await expect.poll(() => launcher.locator('#launcher-status').textContent()).toBe('')
    releasePoster()

    // Online: the first answer is saved.
    await quiz.locator('#next').click()
    await visible(quiz.getByText('Step 2'))
    await visible(dialog.getByRole('status').getByText('Saved', { exact: true }))
    await expect.poll(async () => (await teachersView())[0]?.status).toBe('incomplete')
    await expectAccessible(page, 'the quiz modal, saved')
    await shot(page, 'offline-modal-saved')

    // The Wi-Fi drops; the student goes on. Every try fails, and the queue keeps trying.
    await context.setOffline(true)
    await quiz.locator('#answer-b').check()
    await visible(dialog.getByRole('status').getByText('Not saved yet: will retry', { exact: true }))
    await expect.poll(() => failedSaves.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3)
    await expectAccessible(page, 'the quiz modal, not saved yet')
    await shot(page, 'offline-modal-not-saved')
    await quiz.locator('#submit').click()
    await visible(quiz.getByText('Passed with 8 of 10'))

    // The course ends: the modal says so, and that the work is not saved yet.
    await quiz.locator('#exit').click()
    await visible(dialog.getByText('You finished this activity.'))
    await visible(dialog.getByRole('status').getByText('Not saved yet: will retry', { exact: true }))
    await expectAccessible(page, 'the course end, not saved yet')
    await shot(page, 'offline-course-end')
    await dialog.getByRole('button', { name: 'Close' }).last().click()
    await dialog.waitFor({ state: 'detached' })
    const card = page.locator('article.activity-card').filter({ has: page.getByRole('heading', { level: 2, name: TITLE }) })
    await visible(card.getByRole('status').getByText(/^Not saved yet: will retry\s+Your latest answers are kept on this device.*Keep this page open/))
    await expectAccessible(page, 'the module page, closed with work not saved')
    await shot(page, 'offline-card-warning')
    // The server still has the state from before the drop.
    expect((await teachersView())[0]).toMatchObject({ status: 'incomplete' })

    // Back on the network, but the server still cannot be reached: the page is reloaded.
    await context.route('**/api/activities/*/attempt', (route) => route.abort('connectionrefused'))
    await context.setOffline(false)
    await page.reload()
    await visible(card.getByRole('status').getByText(/^Not saved yet: will retry/))

    // Reopened now, the quiz resumes from what the browser kept, not from the server's older state.
    await page.getByRole('button', { name: `Start ${TITLE}` }).click()
    await visible(page.getByRole('dialog', { name: TITLE }))
    quiz = page.getByRole('dialog', { name: TITLE }).frameLocator('iframe').frameLocator('#package-frame')
    await visible(quiz.getByText('Resumed at step 2 with answer b'))
    await page.getByRole('dialog', { name: TITLE }).getByRole('button', { name: 'Close' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })

    // The server answers again: the queue sends what waited, and says so.
    await context.unroute('**/api/activities/*/attempt')
    await context.setOffline(true)
    await context.setOffline(false)
    await visible(card.getByRole('status').getByText('Saved', { exact: true }), 60_000)
    await expectAccessible(page, 'the module page, saved')
    await shot(page, 'offline-card-saved')

    // The teacher reads one attempt, with the final score; no save was taken twice.
    await expect
      .poll(async () => {
        const attempts = await teachersView()
        return attempts.map((a) => ({ status: a.status, raw: a.score?.raw, scaled: a.score?.scaled }))
      })
      .toEqual([{ status: 'passed', raw: 80, scaled: 0.8 }])
    expect(takenKeys.length).toBeGreaterThan(0)
    expect(new Set(takenKeys).size).toBe(takenKeys.length)
    expectNoPageErrors(context)
  }, 240_000)
})
