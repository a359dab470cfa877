import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'

import {
  contentURL,
  dumpDiagnostics,
  expectAccessible,
  expectNoPageErrors,
  expectSignedIn,
  launchBrowser,
  logoutThroughMenu,
  newContext,
  serialSteps,
  submitLogin,
  unique,
  visible,
  waitForPath,
} from './browser'

/**
 * One serial scenario with two people in two browser contexts: an educator signs up, completes a
 * teacher profile (creating a school in the modal) and creates a classroom; a student signs up with
 * its code and opens the storyline quiz; the teacher resets the student's password; the student
 * logs in with the new one. Each step needs the previous ones, so after a failure the rest skip.
 */
let browser: Browser
let teacherContext: BrowserContext
let studentContext: BrowserContext
let teacher: Page
let student: Page

const educator = { email: `${unique('teacher')}@e2e.test`, password: 'Educator-pass-1234' }
const school = { name: unique('E2E Middle School'), district: 'Leon County Schools' }
const classroom = { name: 'Civics, period 5', code: unique('E2E').toUpperCase().slice(0, 16), url: '' }
const pupil = { username: '', password: 'Student-pass-1234', newPassword: 'Changed-by-teacher-5678' }

const step = serialSteps(async (name) => {
  await dumpDiagnostics(`${name} (teacher)`, teacherContext)
  await dumpDiagnostics(`${name} (student)`, studentContext)
})

beforeAll(async () => {
  browser = await launchBrowser()
  teacherContext = await newContext(browser)
  teacher = await teacherContext.newPage()
})
afterAll(async () => {
  await browser?.close()
})

describe('classroom flow', () => {
  step('an educator signs up with email and password and lands on the profile', async () => {
    await teacher.goto('/signup')
    await visible(teacher.getByRole('heading', { level: 1, name: 'Sign up' }))
    await visible(teacher.getByRole('link', { name: /^Student/ }))
    await expectAccessible(teacher, 'signup: type choice')
    await teacher.getByRole('link', { name: /^Educator/ }).click()
    await waitForPath(teacher, '/signup?type=educator')
    await visible(teacher.getByRole('heading', { level: 1, name: 'Educator Sign Up' }))
    await visible(teacher.getByLabel(/^Email/))
    await expectAccessible(teacher, 'educator signup')

    await teacher.getByLabel(/^Email/).fill(educator.email)
    await teacher.getByLabel(/^Password/).fill(educator.password)
    await teacher.getByRole('button', { name: 'Sign Up' }).click()
    await waitForPath(teacher, '/user/profile')
    await expectSignedIn(teacher)
  })

  step('completes a teacher profile, creating a school in the modal', async () => {
    await visible(teacher.getByRole('heading', { level: 1, name: 'Finish Your Profile' }))
    // No sidebar until the profile is completed.
    expect(await teacher.getByRole('navigation', { name: 'Settings' }).count()).toBe(0)
    await expectAccessible(teacher, 'profile: type picker')
    await teacher.getByRole('button', { name: /^Teacher/ }).click()

    await visible(teacher.getByRole('heading', { level: 1, name: 'Your Profile' }))
    await teacher.getByLabel(/^First Name/).fill('Grace')
    await teacher.getByLabel(/^Last Name/).fill('Hopper')
    await teacher.getByLabel(/^Job Position/).fill('Civics teacher')
    await expectAccessible(teacher, 'profile: teacher form')

    const chooseSchool = teacher.getByRole('button', { name: 'Choose School' })
    await chooseSchool.click()
    const modal = await visible(teacher.getByRole('dialog', { name: 'Choose Your School' }))
    await visible(modal.getByRole('tab', { name: 'Search', selected: true }))
    await expectAccessible(teacher, 'school modal: search')
    await modal.getByRole('tab', { name: 'Create' }).click()
    await visible(modal.getByRole('tab', { name: 'Create', selected: true }))
    await modal.getByLabel(/^School Name/).fill(school.name)
    await modal.getByLabel(/^School District/).fill(school.district)
    // Spec defaults: Florida, United States (the selects are filled from the reference data).
    await expect.poll(() => modal.getByLabel(/^Country/).inputValue()).toBe('United States')
    await expect.poll(() => modal.getByLabel(/^State\/Region/).inputValue()).toBe('Florida')
    // The full country list arrives from the API; until then only the default is offered.
    await expect
      .poll(
        () =>
          modal
            .getByLabel(/^Country/)
            .locator('option')
            .count(),
        { timeout: 15_000 },
      )
      .toBeGreaterThan(100)
    await expectAccessible(teacher, 'school modal: create')
    await modal.getByRole('button', { name: 'Create School' }).click()
    // Creating a school closes the modal and selects it.
    await modal.waitFor({ state: 'detached' })
    await visible(teacher.getByRole('button', { name: 'Change School' }))
    await visible(teacher.getByRole('group', { name: /^School/ }).getByText(school.name, { exact: true }))

    await teacher.getByRole('checkbox', { name: 'Seventh' }).check()
    await teacher.getByRole('checkbox', { name: 'Eighth' }).check()
    await teacher.getByRole('checkbox', { name: 'Civics' }).check()
    await teacher.getByRole('checkbox', { name: 'American History' }).check()
    await teacher.getByRole('button', { name: 'Save Profile' }).click()

    await visible(teacher.getByText('Saved!'))
    const sidebar = await visible(teacher.getByRole('navigation', { name: 'Settings' }))
    expect(await sidebar.getByRole('link').allInnerTexts()).toEqual(['Profile', 'Accounts', 'Classrooms', 'Theme'])
    await visible(teacher.getByRole('button', { name: 'Change Account Type' }))
    await expectAccessible(teacher, 'profile: completed')
  })

  step("creates a classroom and lands on its detail page with 'No students enrolled.'", async () => {
    await teacher.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Classrooms' }).click()
    await waitForPath(teacher, '/user/classrooms')
    await visible(teacher.getByRole('heading', { level: 1, name: 'Classrooms' }))
    await visible(teacher.getByText('No classrooms yet!'))
    await expectAccessible(teacher, 'classrooms: empty list')

    await teacher.getByRole('link', { name: 'Create Class' }).click()
    await waitForPath(teacher, '/user/classrooms/create')
    await visible(teacher.getByRole('heading', { level: 1, name: 'Create Classroom' }))
    await expectAccessible(teacher, 'create classroom')
    await teacher.getByLabel(/^Name/).fill(classroom.name)
    await teacher.getByLabel(/^Code/).fill(classroom.code)
    await teacher.getByRole('button', { name: 'Create Classroom' }).click()

    await waitForPath(teacher, /^\/user\/classrooms\/\d+$/)
    classroom.url = new URL(teacher.url()).pathname
    await visible(teacher.getByRole('heading', { level: 1, name: classroom.name }))
    await visible(teacher.getByText('No students enrolled.'))
    expect(await teacher.getByText(classroom.code, { exact: true }).count()).toBeGreaterThan(0)
    await visible(teacher.getByRole('heading', { level: 2, name: 'Edit Classroom' }))
    await visible(teacher.getByRole('button', { name: 'Update Classroom' }))
    await expectAccessible(teacher, 'classroom detail (empty)')
    // The route was replaced: going back does not return to the create form.
    await teacher.goBack()
    await waitForPath(teacher, '/user/classrooms')
    await visible(teacher.getByRole('link', { name: new RegExp(classroom.name) }))
    await visible(teacher.getByText('0 students'))
    await expectAccessible(teacher, 'classrooms: one classroom')
    expectNoPageErrors(teacherContext)
  })

  step('a student signs up with a generated username, a password and the classroom code', async () => {
    studentContext = await newContext(browser)
    student = await studentContext.newPage()
    await student.goto('/signup')
    await student.getByRole('link', { name: /^Student/ }).click()
    await waitForPath(student, '/signup?type=student')
    await visible(student.getByRole('heading', { level: 1, name: 'Student Sign Up' }))

    const username = student.getByLabel('Username')
    expect(await username.getAttribute('readonly')).not.toBeNull()
    await expect.poll(() => username.inputValue()).toMatch(/\S/)
    const first = await username.inputValue()
    await student.getByRole('button', { name: 'New username' }).click()
    await expect.poll(() => username.inputValue()).not.toBe(first)
    pupil.username = await username.inputValue()
    expect(pupil.username).toMatch(/\S/)
    await expectAccessible(student, 'student signup')

    await student.getByLabel(/^Password/).fill(pupil.password)
    const code = student.getByLabel(/^Classroom Code/)
    await code.fill(classroom.code.toLowerCase()) // codes are not case-sensitive
    await code.press('Tab')
    await visible(student.getByText(`Classroom found: ${classroom.name}`))
    await student.getByRole('button', { name: 'Sign Up' }).click()

    await waitForPath(student, '/user/profile')
    await expectSignedIn(student)
    await visible(student.getByRole('heading', { level: 1, name: 'Your Profile' }))
    // Read-only username and classroom code.
    const values = await student.getByRole('definition').allInnerTexts()
    expect(values[0]).toBe(pupil.username)
    expect(values[1]).toContain(classroom.code)
    expect(await student.getByRole('textbox', { name: /Username|Classroom/ }).count()).toBe(0)
    await expectAccessible(student, 'student profile')
    // A new student's profile is not completed until the names are saved; then the sidebar shows
    // only Profile and Theme.
    expect(await student.getByRole('navigation', { name: 'Settings' }).count()).toBe(0)
    await student.getByLabel(/^First Name/).fill('Jamie')
    await student.getByLabel(/^Last Name/).fill('Rivera')
    await student.getByRole('button', { name: 'Save Profile' }).click()
    await visible(student.getByText('Saved!'))
    const sidebar = await visible(student.getByRole('navigation', { name: 'Settings' }))
    expect(await sidebar.getByRole('link').allInnerTexts()).toEqual(['Profile', 'Theme'])
  })

  step('the student opens the storyline quiz in a full-screen modal and closes it with Escape', async () => {
    // The activity the quiz is, as the API tells the signed-in student.
    const answer = await student.request.get('/api/activities?where[type][equals]=storyline&depth=0')
    expect(answer.status()).toBe(200)
    const activities = (await answer.json()).docs as { id: number | string; title: string; storylineUrl: string | null }[]
    const quiz = activities.find((entry) => entry.title === 'Bill of Rights Quiz')
    expect(quiz, 'the seeded storyline activity').toBeTruthy()
    // The seeded quiz is a SCORM 1.2 package: its tracked launch file runs on the content origin,
    // inside the launcher.
    // Under the upload's version folder (cms/packages/content/packageFiles.ts).
    const launchedUrl = new RegExp(`^${contentURL()}/uploads/${quiz!.id}/storyline/v[0-9a-z]+/index_lms\\.html$`)

    await student.getByRole('banner').getByRole('link', { name: 'Topics' }).click()
    await waitForPath(student, '/topics')
    await visible(student.getByRole('heading', { level: 1, name: 'Explore Topics' }))
    await visible(student.getByRole('heading', { level: 2, name: 'Government in Florida' }))
    await expectAccessible(student, 'explore topics')
    await student.getByRole('link', { name: 'The Constitution', exact: true }).click()
    await visible(student.getByRole('heading', { level: 1, name: 'The Constitution' }))
    await visible(student.getByRole('region', { name: 'Modules' }).getByRole('link').first())
    await expectAccessible(student, 'topic page (student)')
    await student.getByRole('region', { name: 'Modules' }).getByRole('link', { name: 'The Bill of Rights and Amendments' }).click()
    await waitForPath(student, /^\/modules\/[^/]+$/)
    await visible(student.getByRole('heading', { level: 1, name: 'The Bill of Rights and Amendments' }))
    await expectAccessible(student, 'module page (student)')

    const start = student.getByRole('button', { name: 'Start Bill of Rights Quiz' })
    await start.click()
    const dialog = await visible(student.getByRole('dialog', { name: 'Bill of Rights Quiz' }))
    // Full screen: the dialog covers the viewport.
    const box = await dialog.boundingBox()
    const viewport = student.viewportSize()!
    expect(box!.width).toBeGreaterThanOrEqual(viewport.width * 0.95)
    expect(box!.height).toBeGreaterThanOrEqual(viewport.height * 0.95)

    const frame = dialog.locator('iframe')
    expect(await frame.getAttribute('title')).toBe('Bill of Rights Quiz')
    expect(await frame.getAttribute('src')).toBe(`${contentURL()}/launch/${quiz!.id}`)
    // The package's launch file loaded inside the launcher's frame.
    await visible(frame.contentFrame().frameLocator('#package-frame').getByRole('heading', { level: 1, name: 'Bill of Rights Quiz' }))
    const storyFrame = student.frames().find((entry) => launchedUrl.test(entry.url()))
    expect(storyFrame, 'the frame navigated to the launch file').toBeTruthy()
    await expectAccessible(student, 'storyline modal')

    await student.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    // Focus returns to the button that opened it.
    await expect.poll(() => start.evaluate((element) => element === document.activeElement)).toBe(true)
    expectNoPageErrors(studentContext)
  })

  step("the teacher sees the student in the classroom and resets the student's password", async () => {
    await teacher.goto(classroom.url)
    await visible(teacher.getByRole('heading', { level: 1, name: classroom.name }))
    const table = await visible(teacher.getByRole('table', { name: `Students in ${classroom.name}` }))
    await visible(table.getByRole('columnheader', { name: 'Username' }))
    const rows = table.locator('tbody tr')
    expect(await rows.locator('td:first-child').allInnerTexts()).toEqual([pupil.username])
    expect(await rows.locator('td:nth-child(2)').allInnerTexts()).toEqual(['Jamie Rivera'])
    expect(await teacher.getByText('No students enrolled.').count()).toBe(0)
    await expectAccessible(teacher, 'classroom detail (one student)')

    // The row's actions are in one menu.
    await teacher.getByRole('button', { name: `Actions for ${pupil.username}` }).click()
    await teacher
      .getByRole('menu', { name: `Actions for ${pupil.username}` })
      .getByRole('menuitem', { name: 'Reset password' })
      .click()
    const dialog = await visible(teacher.getByRole('dialog', { name: `Reset password for ${pupil.username}` }))
    await dialog.getByLabel(/^New Password/).fill(pupil.newPassword)
    await expectAccessible(teacher, 'reset student password dialog')
    await dialog.getByRole('button', { name: 'Reset Password' }).click()
    await dialog.waitFor({ state: 'detached' })
    const notice = await visible(teacher.getByRole('status').filter({ hasText: 'Password updated.' }))
    expect(await notice.innerText()).toContain(pupil.username)
    expectNoPageErrors(teacherContext)
  })

  step('the student logs out; the old password fails with the server message and the new one works', async () => {
    await logoutThroughMenu(student)
    await student.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }).click()
    await waitForPath(student, '/login')

    await submitLogin(student, pupil.username, pupil.password)
    const alert = await visible(student.getByRole('alert'))
    expect(await alert.innerText()).toBe('The username/email or password provided is incorrect.')
    expect(new URL(student.url()).pathname).toBe('/login')
    await expectAccessible(student, 'log in: error')

    await student.getByLabel('Username or Email').fill(pupil.username)
    await student.getByLabel(/^Password/).fill(pupil.newPassword)
    await student.getByRole('button', { name: "Let's go!" }).click()
    await waitForPath(student, '/')
    await expectSignedIn(student)
    await visible(student.getByRole('region', { name: 'Topics' }).getByRole('heading', { name: 'The Constitution' }))
    await expectAccessible(student, 'home (student)')
    await student.goto('/user/profile')
    await visible(student.getByRole('heading', { level: 1, name: 'Your Profile' }))
    expect((await student.getByRole('definition').allInnerTexts())[0]).toBe(pupil.username)
    expect(await student.getByLabel(/^First Name/).inputValue()).toBe('Jamie')
    expectNoPageErrors(studentContext)
  })
})
