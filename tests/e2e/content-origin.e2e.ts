import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { buildZip } from '../helpers/zips'
import { expectNoPageErrors, freshPagePerTest, submitLogin, unique, visible, waitForPath } from './browser'
import { apiCall, apiLogin, demoEditor, demoStudent, installPackageAs } from './consoleHelpers'
import { answerTwoAndClose, resumeAndPass } from './seededQuiz'
import { type ServerProcess, startServerProcess } from './serverProcess'

/**
 * The content origin on another site, in Chromium, with nothing configured (no PUBLIC_URL, no
 * CONTENT_URL), as `npm start` runs: the seeded quiz plays, saves and reports whether the product
 * is reached at 127.0.0.1 (packages on localhost) or at localhost (packages on 127.0.0.1); at
 * [::1], which no frame-ancestors source can name, the modal says where to open it instead. A
 * package that floods its origin with cookies leaves the product untouched: the product is
 * another host, and cookies are per host.
 */

let server: ServerProcess
let port: string
let contentPort: string
let editorToken: string

beforeAll(async () => {
  server = await startServerProcess({ name: 'origins', env: { PUBLIC_URL: undefined, CONTENT_URL: undefined } })
  port = new URL(server.baseURL).port
  contentPort = new URL(server.contentURL).port
  const editor = demoEditor(server.dir)
  editorToken = await apiLogin(editor.login, editor.password, server.baseURL)
}, 240_000)
afterAll(async () => {
  await server?.stop()
})

const ok = <T = any>(answer: { status: number; body: T }, status = 200): T => {
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`)
  return answer.body
}

const logInAt = async (page: Page, base: string, login: string, password: string, redirect: string) => {
  await page.goto(`${base}/login?redirect=${encodeURIComponent(redirect)}`)
  await submitLogin(page, login, password)
  await waitForPath(page, redirect)
  await visible(page.getByRole('button', { name: 'Account menu' }))
}

describe('with nothing configured, the seeded quiz plays at either loopback name', () => {
  let page: Page
  let context: BrowserContext
  freshPagePerTest((session) => {
    page = session.page
    context = session.context
  })

  it('at 127.0.0.1 from localhost, at localhost from 127.0.0.1: it starts, saves, resumes and reports', async () => {
    const pupil = demoStudent(server.dir)
    const token = await apiLogin(pupil.login, pupil.password, server.baseURL)
    const quiz = ok(await apiCall('GET', '/api/activities?where[title][equals]=Bill%20of%20Rights%20Quiz&depth=0', { token, base: server.baseURL })).docs[0]
    const mine = async () => ok(await apiCall('GET', `/api/attempts?where[activity][equals]=${quiz.id}&depth=0`, { token, base: server.baseURL })).docs[0]
    const start = async (productHost: string, contentHost: string) => {
      await page.getByRole('button', { name: 'Start Bill of Rights Quiz' }).click()
      const dialog = await visible(page.getByRole('dialog', { name: 'Bill of Rights Quiz' }))
      expect(new URL((await dialog.locator('iframe').getAttribute('src')) ?? '').origin).toBe(`http://${contentHost}:${contentPort}`)
      expect(productHost).not.toBe(contentHost)
      return dialog.frameLocator('iframe').frameLocator('#package-frame')
    }

    // At 127.0.0.1: the package (on localhost) starts and its answers are saved in the attempt.
    await logInAt(page, `http://127.0.0.1:${port}`, pupil.login, pupil.password, `/modules/${quiz.module}`)
    let frame = await start('127.0.0.1', 'localhost')
    await answerTwoAndClose(page, frame, pupil.login)
    await expect.poll(async () => (await mine())?.resume?.suspendData ?? '', { timeout: 15_000 }).not.toBe('')

    // At localhost: the package (on 127.0.0.1) resumes from the attempt and reports the score.
    await logInAt(page, `http://localhost:${port}`, pupil.login, pupil.password, `/modules/${quiz.module}`)
    frame = await start('localhost', '127.0.0.1')
    await resumeAndPass(frame)
    await expect
      .poll(async () => (await mine()) && { status: (await mine()).status, scaled: (await mine()).score?.scaled })
      .toEqual({ status: 'passed', scaled: 1 })
    expectNoPageErrors(context)
  })

  it('at [::1] the modal says where to open the quiz instead, in words to pass on', async () => {
    const pupil = demoStudent(server.dir)
    const token = await apiLogin(pupil.login, pupil.password, server.baseURL)
    const quiz = ok(await apiCall('GET', '/api/activities?where[title][equals]=Bill%20of%20Rights%20Quiz&depth=0', { token, base: server.baseURL })).docs[0]
    await logInAt(page, `http://[::1]:${port}`, pupil.login, pupil.password, `/modules/${quiz.module}`)
    await page.getByRole('button', { name: 'Start Bill of Rights Quiz' }).click()
    const dialog = await visible(page.getByRole('dialog', { name: 'Bill of Rights Quiz' }))
    await visible(
      dialog.getByText(`This quiz can’t open at this address (http://[::1]:${port}). Open Civics360 at http://localhost:${port} instead.`, { exact: true }),
    )
    expect(await dialog.locator('iframe').count()).toBe(0)
    expectNoPageErrors(context)
  })
})

describe('a package that floods its origin with cookies', () => {
  let page: Page
  let context: BrowserContext
  freshPagePerTest((session) => {
    page = session.page
    context = session.context
  })

  /**
   * A Web publish whose script fills the browser's own cookie jar with long-lived cookies for the
   * whole host, more than a request header can carry: past the storage shim, through Document.prototype's setter, as a hostile
   * package would.
   */
  const floodPackage = () =>
    buildZip([
      {
        name: 'story.html',
        data: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cookie flood</title></head><body>
<h1>Cookie flood</h1><p id="status">Writing cookies</p>
<script>
var jar = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')
var big = new Array(3001).join('x')
for (var i = 0; i < 8; i++) {
  try { jar.set.call(document, 'flood' + i + '=' + big + '; path=/; max-age=31536000; SameSite=None; Secure') } catch (e) {}
  try { jar.set.call(document, 'flood' + i + '=' + big + '; path=/; max-age=31536000') } catch (e) {}
}
var written = 0
try { written = (jar.get.call(document).match(/flood\\d=/g) || []).length } catch (e) {}
document.getElementById('status').textContent = 'Cookies written: ' + written
</script></body></html>`,
      },
    ])

  it('never reaches the product: its pages and API answer as before, and no request of the product carries a cookie of it', async () => {
    const base = server.baseURL
    const topic = ok(
      await apiCall('POST', '/api/topics', { token: editorToken, base, body: { title: unique('Flood'), markdown: 'Body.', order: 95 } }),
      201,
    ).doc
    const mod = ok(
      await apiCall('POST', '/api/modules', {
        token: editorToken,
        base,
        body: { title: unique('Flood module'), markdown: 'Body.', order: 1, topic: topic.id },
      }),
      201,
    ).doc
    const activity = ok(
      await apiCall('POST', '/api/activities', {
        token: editorToken,
        base,
        body: { title: 'Cookie flood', type: 'storyline', module: mod.id, order: 1, markdown: 'Body.' },
      }),
      201,
    ).doc
    await installPackageAs(editorToken, activity.id, await floodPackage(), base)

    const product = `http://localhost:${port}`
    const content = `http://127.0.0.1:${contentPort}`
    const productRequests: { url: string; cookie: string }[] = []
    context.on('request', (request) => {
      if (request.url().startsWith(product))
        // The service worker's own requests (precaching) go on after the test: a header read once the
        // context has closed is of no request the assertions below look at.
        void request.headerValue('cookie').then(
          (cookie) => productRequests.push({ url: request.url(), cookie: cookie ?? '' }),
          () => undefined,
        )
    })

    // The student plays it in the modal (a frame of another site: its cookies there are third-party).
    const pupil = demoStudent(server.dir)
    await logInAt(page, product, pupil.login, pupil.password, `/modules/${mod.id}`)
    await page.getByRole('button', { name: 'Start Cookie flood' }).click()
    const dialog = await visible(page.getByRole('dialog', { name: 'Cookie flood' }))
    expect(new URL((await dialog.locator('iframe').getAttribute('src')) ?? '').origin).toBe(content)
    await visible(
      dialog
        .frameLocator('iframe')
        .frameLocator('#package-frame')
        .getByText(/^Cookies written: \d$/),
    )
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })

    // And opened at its own address (first-party there), where the browser surely keeps them.
    const tab = await context.newPage()
    await tab.goto(`${content}/uploads/${activity.id}/storyline/story.html`)
    await visible(tab.getByText('Cookies written: 8'))
    await tab.close()
    const flood = (await context.cookies(content)).filter((cookie) => cookie.name.startsWith('flood'))
    expect(flood).toHaveLength(8)
    expect(flood.every((cookie) => cookie.value.length === 3000 && cookie.path === '/' && cookie.expires > Date.now() / 1000 + 300 * 24 * 3600)).toBe(true)

    // The product, meanwhile: its pages and API answer normally (no 431), with none of those cookies.
    const pageAnswer = await page.goto(`${product}/modules/${mod.id}`)
    expect(pageAnswer?.status()).toBe(200)
    await visible(page.getByRole('button', { name: 'Start Cookie flood' }))
    const me = await page.evaluate(async () => {
      const answer = await fetch('/api/users/me', { credentials: 'same-origin', headers: { accept: 'application/json' } })
      return { status: answer.status, user: ((await answer.json()) as { user?: { username?: string } }).user?.username }
    })
    expect(me).toEqual({ status: 200, user: pupil.login })
    expect((await context.cookies(product)).filter((cookie) => cookie.name.startsWith('flood'))).toEqual([])
    await expect.poll(() => productRequests.length).toBeGreaterThan(3)
    expect(productRequests.filter((request) => request.cookie.includes('flood'))).toEqual([])
    expectNoPageErrors(context)
  })
})
