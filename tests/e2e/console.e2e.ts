import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'

import {
  contentURL,
  dumpDiagnostics,
  expectAccessible,
  expectNoPageErrors,
  launchBrowser,
  newContext,
  serialSteps,
  unique,
  visible,
  waitForPath,
} from './browser'
import {
  apiCall,
  apiLogin,
  buildStorylineZip,
  createStaff,
  demoEditor,
  demoStudent,
  fetchInPage,
  logInAt,
  openConsoleFromMenu,
  sidebarLinks,
  type StaffAccount,
} from './consoleHelpers'

/**
 * The staff console (/console) used as staff would: an editor holding only the topic, module and
 * activity scopes builds a topic → module → storyline activity and uploads a package, which a
 * student then opens in the module's modal; an editor with only pages:write sees only what that
 * scope allows; the public page's Edit link; a visitor's contact ticket that staff close.
 * Each describe is a serial scenario: after a failed step, its later steps skip.
 */
let browser: Browser
const contexts: BrowserContext[] = []

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const open = async (): Promise<[BrowserContext, Page]> => {
  const context = await newContext(browser)
  contexts.push(context)
  return [context, await context.newPage()]
}

/** Serial steps: the first failure dumps every open context and skips the rest of the scenario. */
const scenario = () =>
  serialSteps(async (name) => {
    for (const [index, context] of contexts.entries()) await dumpDiagnostics(`${name} (context ${index})`, context)
  })

/** The success notice (role=status) with exactly this text. */
const notice = (page: Page, text: string) => visible(page.getByRole('status').filter({ hasText: text }))

describe('an editor with topic, module and activity scopes builds a storyline activity that a student opens', () => {
  const step = scenario()
  let staff: StaffAccount
  let context: BrowserContext
  let page: Page
  const topic = { title: unique('E2E Topic'), id: '' }
  const module = { title: unique('E2E Module'), id: '' }
  const activity = { title: unique('E2E Quiz'), id: '' }
  const marker = unique('Storyline marker')

  step('the account is created by the seeded editor and logs in to the console', async () => {
    staff = await createStaff(['topics:write', 'modules:write', 'activities:write'], 'builder')
    ;[context, page] = await open()
    await logInAt(page, staff.email, staff.password)
    await openConsoleFromMenu(page)
    expect(await sidebarLinks(page)).toEqual(['Dashboard', 'Topics', 'Modules', 'Activities', 'Benchmarks'])
    await visible(page.getByRole('link', { name: 'New topic' }))
    await expectAccessible(page, 'console dashboard (content editor)')
  })

  step("creates a topic and lands on its edit screen with 'Topic saved.'", async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Topics' }).click()
    await waitForPath(page, '/console/topics')
    await visible(page.getByRole('heading', { level: 1, name: 'Topics' }))
    await visible(page.getByRole('table', { name: 'Topics' }))
    await expectAccessible(page, 'console topics list')

    await page.getByRole('link', { name: 'New Topic' }).click()
    await waitForPath(page, '/console/topics/create')
    await visible(page.getByRole('heading', { level: 1, name: 'New Topic' }))
    await expectAccessible(page, 'console new topic')
    await page.getByLabel(/^Title/).fill(topic.title)
    await page.getByLabel(/^Order/).fill('90')
    await page.getByLabel(/^Content \(markdown\)/).fill('# Citizenship\n\nWhat it means to be a **citizen**.')
    await page.getByRole('button', { name: 'Create Topic' }).click()

    await waitForPath(page, /^\/console\/topics\/\d+$/)
    topic.id = new URL(page.url()).pathname.split('/').pop()!
    await visible(page.getByRole('heading', { level: 1, name: 'Edit Topic' }))
    await notice(page, 'Topic saved.')
    expect(await page.getByLabel(/^Title/).inputValue()).toBe(topic.title)
    expect(await page.getByLabel(/^Order/).inputValue()).toBe('90')
    await visible(page.getByText('No modules yet.'))
    // No topics:delete, so no Delete button.
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0)
    await expectAccessible(page, 'console edit topic')
  })

  step("adds a module to the topic ('Add Module' preselects it) and lands on the module's edit screen", async () => {
    await page.getByRole('link', { name: 'Add Module' }).click()
    await waitForPath(page, `/console/modules/create?topicId=${topic.id}`)
    await visible(page.getByRole('heading', { level: 1, name: 'New Module' }))
    const topicSelect = page.getByLabel(/^Topic/)
    await expect.poll(() => topicSelect.inputValue()).toBe(topic.id)
    await expect.poll(() => topicSelect.locator('option:checked').innerText()).toBe(topic.title)
    await expectAccessible(page, 'console new module')
    await page.getByLabel(/^Title/).fill(module.title)
    await page.getByLabel(/^Subtitle/).fill('Made by the console test')
    await page.getByLabel(/^Order/).fill('1')
    await page.getByLabel(/^Content \(markdown\)/).fill('Rights and **responsibilities**.')
    await page.getByRole('button', { name: 'Create Module' }).click()

    await waitForPath(page, /^\/console\/modules\/\d+$/)
    module.id = new URL(page.url()).pathname.split('/').pop()!
    await visible(page.getByRole('heading', { level: 1, name: 'Edit Module' }))
    await notice(page, 'Module saved.')
    await visible(page.getByText('No activities yet.'))
    await expectAccessible(page, 'console edit module')

    // The topic lists it.
    const topicAnswer = await apiCall('GET', `/api/topics/${topic.id}?depth=1`, { token: await apiLogin(staff.email, staff.password) })
    expect(topicAnswer.body.modules.docs.map((doc: { title: string }) => doc.title)).toContain(module.title)
  })

  step("adds a storyline activity ('Add Activity' preselects the module)", async () => {
    await page.getByRole('link', { name: 'Add Activity' }).click()
    await waitForPath(page, `/console/activities/create?moduleId=${module.id}`)
    await visible(page.getByRole('heading', { level: 1, name: 'New Activity' }))
    const moduleSelect = page.getByLabel(/^Module/)
    await expect.poll(() => moduleSelect.inputValue()).toBe(module.id)
    await expect.poll(() => moduleSelect.locator('option:checked').innerText()).toBe(module.title)
    await expectAccessible(page, 'console new activity')
    await page.getByLabel(/^Title/).fill(activity.title)
    await page.getByLabel(/^Type/).selectOption({ label: 'Storyline quiz' })
    await visible(page.getByText('Create the activity, then upload its Storyline package on the next screen.'))
    await page.getByRole('button', { name: 'Create Activity' }).click()

    await waitForPath(page, /^\/console\/activities\/\d+$/)
    activity.id = new URL(page.url()).pathname.split('/').pop()!
    await visible(page.getByRole('heading', { level: 1, name: 'Edit Activity' }))
    await notice(page, 'Activity saved.')
    const upload = await visible(page.getByRole('region', { name: 'Storyline package' }))
    await visible(upload.getByText('No package uploaded yet.'))
    await visible(upload.getByRole('button', { name: 'Upload package' }))
    await expectAccessible(page, 'console edit activity (no package)')
  })

  step('uploads a Storyline package built by the test and sees its details', async () => {
    const zip = await buildStorylineZip(marker)
    const upload = page.getByRole('region', { name: 'Storyline package' })
    await upload.getByLabel('Storyline export (.zip)').setInputFiles({ name: 'e2e-quiz.zip', mimeType: 'application/zip', buffer: zip })
    await upload.getByRole('button', { name: 'Upload package' }).click()
    await notice(page, 'Storyline package uploaded.')

    const details = upload.locator('dl')
    await visible(details)
    const value = (term: string) =>
      details
        .locator('div')
        .filter({ has: page.locator('dt').getByText(term, { exact: true }) })
        .locator('dd')
        .innerText()
    expect(await value('File')).toBe('e2e-quiz.zip')
    expect(await value('Files in package')).toBe('2')
    expect(await value('Size')).toMatch(/^\d+ B$/)
    expect(await value('Uploaded')).not.toBe('')
    expect(await value('Tracking')).toMatch(/^Web publish: no tracking/)
    expect(await value('Launch file')).toBe('story.html')
    const preview = upload.getByRole('link', { name: /^Preview/ })
    expect(await preview.getAttribute('href')).toBe(`/uploads/${activity.id}/storyline/story.html`)
    await visible(upload.getByRole('button', { name: 'Replace package' }))
    await visible(upload.getByRole('button', { name: 'Remove package' }))
    await expectAccessible(page, 'console edit activity (package uploaded)')

    // The module's edit screen lists the activity.
    await page.getByRole('link', { name: 'Back to its module' }).click()
    await waitForPath(page, `/console/modules/${module.id}`)
    const table = await visible(page.getByRole('region', { name: 'Activities' }).getByRole('table'))
    await visible(table.getByRole('link', { name: activity.title }))
    await visible(table.getByRole('cell', { name: 'storyline', exact: true }))
    await expectAccessible(page, 'console edit module (one activity)')
    expectNoPageErrors(context)
  })

  step("a student opens the module, starts the quiz, and the modal's frame shows the package", async () => {
    const [studentContext, student] = await open()
    const pupil = demoStudent()
    await logInAt(student, pupil.login, pupil.password, `/modules/${module.id}`)
    await visible(student.getByRole('heading', { level: 1, name: module.title }))
    await visible(student.getByRole('heading', { level: 2, name: activity.title }))
    await expectAccessible(student, 'module page (student)')

    await student.getByRole('button', { name: `Start ${activity.title}` }).click()
    const dialog = await visible(student.getByRole('dialog', { name: activity.title }))
    // The package's page under its live version (docs/adr/package-versions-and-pointer.md).
    const storyUrl = new RegExp(`^${contentURL()}/uploads/${activity.id}/storyline/v[0-9a-z]+/story\\.html$`)
    // The modal frames the launcher on the content origin, which opens the package inside.
    const frame = dialog.locator('iframe')
    expect(await frame.getAttribute('src')).toBe(`${contentURL()}/launch/${activity.id}`)
    const story = dialog.frameLocator('iframe').frameLocator('#package-frame')
    await visible(story.getByRole('heading', { level: 1, name: marker }))
    // The package's own script ran inside its frame.
    await visible(story.getByText('Player script ran'))
    expect(student.frames().some((entry) => storyUrl.test(entry.url()))).toBe(true)
    await expectAccessible(student, 'storyline modal (student)')

    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })
    expectNoPageErrors(studentContext)
  })
})

describe('an editor with only pages:write', () => {
  const step = scenario()
  let staff: StaffAccount
  let context: BrowserContext
  let page: Page
  let pageId = ''

  step('sees Pages and Posts in the console, but not Topics, Modules, Activities, Users or Tickets', async () => {
    staff = await createStaff(['pages:write'], 'pages-only')
    ;[context, page] = await open()
    await logInAt(page, staff.email, staff.password)
    await openConsoleFromMenu(page)
    expect(await sidebarLinks(page)).toEqual(['Dashboard', 'Pages', 'Posts'])
    // The dashboard has a card for each allowed section only.
    expect(await page.locator('.console-cards').getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(['Pages', 'Posts'])
    await expectAccessible(page, 'console dashboard (pages only)')
  })

  step("/console/topics shows Not Found with 'Go back'", async () => {
    await page.goto('/console/topics')
    await visible(page.getByRole('heading', { level: 1, name: 'Not Found' }))
    expect(await page.getByRole('table').count()).toBe(0)
    await expectAccessible(page, 'console not found (topics without scope)')
    await page.getByRole('button', { name: 'Go back' }).click()
    await waitForPath(page, '/console')
    await visible(page.getByRole('heading', { level: 1, name: 'Console' }))

    await page.goto('/console/topics/create')
    await visible(page.getByRole('heading', { level: 1, name: 'Not Found' }))
  })

  step('the page edit screen has no Delete button, and the API refuses the delete (403)', async () => {
    await page.goto('/console')
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Pages' }).click()
    await waitForPath(page, '/console/pages')
    await visible(page.getByRole('heading', { level: 1, name: 'Pages' }))
    await visible(page.getByRole('link', { name: 'New Page' }))
    await expectAccessible(page, 'console pages list')
    const search = page.getByRole('search')
    await search.getByLabel('Search pages').fill('About Us')
    await search.getByRole('button', { name: 'Search' }).click()
    await page.getByRole('table', { name: 'Pages' }).getByRole('link', { name: 'About Us', exact: true }).click()
    await waitForPath(page, /^\/console\/pages\/\d+$/)
    pageId = new URL(page.url()).pathname.split('/').pop()!
    await visible(page.getByRole('heading', { level: 1, name: 'Edit Page' }))
    await expect.poll(() => page.getByLabel(/^Slug/).inputValue()).toBe('about-us')
    // Editing is allowed, deleting is not.
    expect(await page.getByRole('button', { name: 'Save Page' }).isEnabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0)
    await expectAccessible(page, 'console edit page (no delete)')

    const refused = await fetchInPage(page, 'DELETE', `/api/pages/${pageId}`)
    expect(refused.status, refused.text).toBe(403)
    const still = await fetchInPage(page, 'GET', '/api/pages/slug/about-us')
    expect(still.status).toBe(200)
    expect(JSON.parse(still.text).id).toBe(Number(pageId))
    expectNoPageErrors(context)
  })
})

describe("the public page's Edit link", () => {
  const step = scenario()
  let context: BrowserContext
  let page: Page
  let editorToken = ''
  let original: { id: number; title: string } | null = null
  const newTitle = unique('About Civics360')

  afterAll(async () => {
    // Other files may read the page's title: put it back.
    if (original && editorToken) await apiCall('PATCH', `/api/pages/${original.id}`, { token: editorToken, body: { title: original.title } })
  })

  step("leads the editor from /about-us to /about-us/edit, where a new title saves with 'Page updated.'", async () => {
    const editor = demoEditor()
    editorToken = await apiLogin(editor.login, editor.password)
    const before = await apiCall('GET', '/api/pages/slug/about-us')
    expect(before.status).toBe(200)
    original = { id: before.body.id, title: before.body.title }

    ;[context, page] = await open()
    await logInAt(page, editor.login, editor.password, '/about-us')
    await visible(page.getByRole('heading', { level: 1, name: original.title }))
    await page.getByRole('link', { name: `Edit ${original.title}` }).click()
    await waitForPath(page, '/about-us/edit')
    await visible(page.getByRole('heading', { level: 1, name: 'Edit Page' }))
    const title = page.getByLabel(/^Title/)
    await expect.poll(() => title.inputValue()).toBe(original.title)
    await expectAccessible(page, 'page editor')

    await title.fill(newTitle)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await notice(page, 'Page updated.')
    await expectAccessible(page, 'page editor (saved)')

    await page.getByRole('link', { name: 'View page' }).click()
    await waitForPath(page, '/about-us')
    await visible(page.getByRole('heading', { level: 1, name: newTitle }))
    // A fresh load shows it too (it was saved, not only cached).
    await page.reload()
    await visible(page.getByRole('heading', { level: 1, name: newTitle }))
    expect((await apiCall('GET', '/api/pages/slug/about-us')).body.title).toBe(newTitle)
    expectNoPageErrors(context)
  })

  step("the console's page editor shows the new title, and Delete (pages:delete) asks for confirmation", async () => {
    // The counterpart of the pages:write-only editor, who gets no Delete button at all.
    await page.goto(`/console/pages/${original!.id}`)
    await visible(page.getByRole('heading', { level: 1, name: 'Edit Page' }))
    await expect.poll(() => page.getByLabel(/^Title/).inputValue()).toBe(newTitle)
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    const dialog = await visible(page.getByRole('dialog', { name: 'Delete?' }))
    await visible(dialog.getByText(`Delete the page “${newTitle}”? This cannot be undone.`))
    await expectAccessible(page, 'console delete confirmation')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect((await apiCall('GET', '/api/pages/slug/about-us')).status).toBe(200)
    await expectAccessible(page, 'console edit page (full editor)')
    expectNoPageErrors(context)
  })
})

describe('a contact ticket from a visitor that staff close', () => {
  const step = scenario()
  let page: Page
  let staffContext: BrowserContext
  let staff: Page
  const ticket = {
    name: 'Vera Visitor',
    email: `${unique('visitor')}@e2e.test`,
    subject: unique('Question about lessons'),
    message: 'Do you have lessons on local government?',
  }

  step('an anonymous visitor files a contact ticket at /ticket?type=contact', async () => {
    let context: BrowserContext
    ;[context, page] = await open()
    await page.goto('/ticket?type=contact')
    await visible(page.getByRole('heading', { level: 1, name: 'Contact Us' }))
    await expectAccessible(page, 'contact ticket form')
    await page.getByLabel(/^Name/).fill(ticket.name)
    await page.getByLabel(/^Email/).fill(ticket.email)
    await page.getByLabel(/^Subject/).fill(ticket.subject)
    await page.getByLabel(/^Message/).fill(ticket.message)
    await page.getByRole('button', { name: 'Send' }).click()
    await notice(page, 'Thank you! Your message has been sent.')
    // The form is ready for another message.
    expect(await page.getByLabel(/^Subject/).inputValue()).toBe('')
    await expectAccessible(page, 'contact ticket sent')
    expectNoPageErrors(context)
  })

  step('the editor finds it among the open tickets, reads it and closes it', async () => {
    const editor = demoEditor()
    ;[staffContext, staff] = await open()
    await logInAt(staff, editor.login, editor.password)
    await openConsoleFromMenu(staff)
    expect(await sidebarLinks(staff)).toEqual([
      'Dashboard',
      'Topics',
      'Modules',
      'Activities',
      'Benchmarks',
      'Pages',
      'Posts',
      'Users',
      'Tickets',
      'District roster',
      'Audit log',
    ])
    await expectAccessible(staff, 'console dashboard (every scope)')
    await staff.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Tickets' }).click()
    await waitForPath(staff, '/console/tickets')
    await visible(staff.getByRole('heading', { level: 1, name: 'Tickets' }))
    expect(await staff.getByLabel('Status', { exact: true }).inputValue()).toBe('open')
    const table = await visible(staff.getByRole('table', { name: 'Tickets' }))
    const row = table.getByRole('row').filter({ hasText: ticket.subject })
    await visible(row)
    await visible(row.getByRole('cell', { name: 'open', exact: true }))
    await visible(row.getByRole('cell', { name: `${ticket.name} <${ticket.email}>` }))
    await expectAccessible(staff, 'console tickets (open)')

    await row.getByRole('link', { name: ticket.subject }).click()
    await waitForPath(staff, /^\/console\/tickets\/\d+$/)
    const detailPath = new URL(staff.url()).pathname
    await visible(staff.getByRole('heading', { level: 1, name: ticket.subject }))
    await visible(staff.getByText(ticket.message))
    await visible(staff.getByRole('link', { name: ticket.email }))
    await expectAccessible(staff, 'console ticket (open)')

    await staff.getByRole('button', { name: 'Close Ticket' }).click()
    await notice(staff, 'Ticket closed.')
    await visible(staff.getByRole('button', { name: 'Reopen Ticket' }))
    const status = staff
      .locator('dl div')
      .filter({ has: staff.locator('dt').getByText('Status', { exact: true }) })
      .locator('dd')
    expect(await status.innerText()).toBe('closed')
    await expectAccessible(staff, 'console ticket (closed)')
    // Saved on the server: a reload still shows it closed.
    await staff.reload()
    await waitForPath(staff, detailPath)
    await visible(staff.getByRole('button', { name: 'Reopen Ticket' }))
  })

  step('the ticket leaves the open list and shows under the closed filter', async () => {
    await staff.getByRole('link', { name: 'All tickets' }).click()
    await waitForPath(staff, '/console/tickets')
    await visible(staff.getByRole('heading', { level: 1, name: 'Tickets' }))
    // Wait for the list (or its empty text) before checking the ticket is absent.
    await visible(staff.getByRole('table', { name: 'Tickets' }).or(staff.getByText('No open tickets.')))
    expect(await staff.getByRole('link', { name: ticket.subject }).count()).toBe(0)

    await staff.getByLabel('Status', { exact: true }).selectOption({ label: 'Closed' })
    await waitForPath(staff, '/console/tickets?status=closed')
    const row = staff.getByRole('table', { name: 'Tickets' }).getByRole('row').filter({ hasText: ticket.subject })
    await visible(row)
    await visible(row.getByRole('cell', { name: 'closed', exact: true }))
    await expectAccessible(staff, 'console tickets (closed)')
    expectNoPageErrors(staffContext)
  })

  step('the editor opens Users and finds accounts, each named, with its email or username, type and scopes', async () => {
    await staff.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Users' }).click()
    await waitForPath(staff, '/console/users')
    await visible(staff.getByRole('table', { name: 'Users' }))
    // The list reads only the fields its columns show (web/src/console/users/usersListFields.ts). Other
    // tests' accounts come first (newest first), so the seeded ones are searched for.
    const search = async (q: string) => {
      await staff.getByRole('searchbox', { name: 'Search users' }).fill(q)
      await staff.getByRole('search').getByRole('button', { name: 'Search' }).click()
      await waitForPath(staff, `/console/users?q=${encodeURIComponent(q)}`)
    }
    const row = (name: string) =>
      staff
        .getByRole('table', { name: 'Users' })
        .getByRole('row')
        .filter({ has: staff.getByRole('link', { name, exact: true }) })
    await search('civics360.local')
    await visible(row('Tara Teacher').getByRole('cell', { name: 'teacher', exact: true }))
    await visible(row('Erin Editor').getByRole('cell', { name: demoEditor().login, exact: true }))
    await visible(row('Erin Editor').getByRole('cell', { name: /users:read/ }))
    await expectAccessible(staff, 'console users (searched)')
    await search(demoStudent().login)
    await visible(row('Sam Student').getByRole('cell', { name: demoStudent().login, exact: true }))
    await visible(row('Sam Student').getByRole('cell', { name: 'student', exact: true }))
    await row('Sam Student').getByRole('link', { name: 'Sam Student' }).click()
    await waitForPath(staff, /^\/console\/users\/\d+$/)
    await visible(staff.getByRole('heading', { level: 1, name: 'Sam Student' }))
    expectNoPageErrors(staffContext)
  })
})
