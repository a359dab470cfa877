import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '../i18n/i18n'
import { makeUser, mockFetch, renderApp, field } from '../test/render'
import { ContentPage } from './ContentPage'
import { HomePage } from './HomePage'
import { ModulePage } from './ModulePage'
import { PageEditPage } from './PageEditPage'

const PAGE = {
  id: 7,
  slug: 'privacy-policy',
  title: 'Privacy Policy',
  content: { markdown: '# Hi', html: '<p>We respect your privacy.</p>', template: 'default' },
}

function pageServer() {
  return mockFetch(({ method, url }) => {
    if (method === 'GET' && url === '/api/pages/slug/privacy-policy') return { body: PAGE }
    if (method === 'GET' && url.startsWith('/api/pages/slug/')) return { status: 404, body: { errors: [{ message: 'Page not found.' }] } }
    return undefined
  })
}

function renderPage(route: string, user = makeUser()) {
  renderApp(
    <Routes>
      <Route path="/pages/:slug" element={<ContentPage />} />
      <Route path="/:slug" element={<ContentPage />} />
      <Route path="/:slug/edit" element={<PageEditPage />} />
    </Routes>,
    { route, user },
  )
}

describe('content pages', () => {
  it('renders the title and html, with an Edit link for pages:write', async () => {
    pageServer()
    renderPage('/pages/privacy-policy', makeUser({ scopes: ['pages:write'] }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument()
    expect(screen.getByText('We respect your privacy.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /^Edit/ })).toHaveAttribute('href', '/privacy-policy/edit')
  })

  it('has no Edit link without pages:write', async () => {
    pageServer()
    renderPage('/privacy-policy', makeUser({ scopes: ['topics:write'] }))
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })
    expect(screen.queryByRole('link', { name: /^Edit/ })).toBeNull()
  })

  it('shows Not Found for a 404, fetched once (no retry)', async () => {
    const { find } = pageServer()
    renderPage('/no-such-page')
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(find('GET', '/api/pages/slug/no-such-page')).toHaveLength(1)
  })
})

describe('page editor', () => {
  it("saves title, slug, markdown and template: 'Page updated.'", async () => {
    const user = userEvent.setup()
    const { find } = mockFetch(({ method, url, body }) => {
      if (method === 'GET' && url === '/api/pages/slug/privacy-policy') return { body: PAGE }
      if (method === 'PUT' && url === '/api/pages/7') return { body: { message: 'Updated', doc: { ...PAGE, ...(body as object) } } }
      return undefined
    })
    renderPage('/privacy-policy/edit', makeUser({ scopes: ['pages:write'] }))
    await waitFor(() => expect(field('Title')).toHaveValue('Privacy Policy'))
    expect(field('Markdown')).toHaveValue('# Hi')
    expect(within(field('Template')).getByRole('option', { name: 'default' })).toBeInTheDocument()
    await user.type(field('Markdown'), '!')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Page updated.')).toBeInTheDocument()
    expect(find('PUT', '/api/pages/7')[0].body).toEqual({
      title: 'Privacy Policy',
      slug: 'privacy-policy',
      content: { markdown: '# Hi!', template: 'default' },
    })
  })

  it("shows 'An error occurred.' when the save fails without a message", async () => {
    const user = userEvent.setup()
    mockFetch(({ method }) => (method === 'GET' ? { body: PAGE } : { status: 500, body: undefined }))
    renderPage('/privacy-policy/edit', makeUser({ scopes: ['pages:write'] }))
    await waitFor(() => expect(field('Title')).toHaveValue('Privacy Policy'))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred.')
  })

  it('is Not Found without pages:write', () => {
    mockFetch(() => ({ body: PAGE }))
    renderPage('/privacy-policy/edit', makeUser({ scopes: [] }))
    expect(screen.getByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument()
  })
})

const MODULE = {
  id: 4,
  title: 'The Constitution',
  content: '<p>Our founding document.</p>',
  activities: {
    docs: [
      { id: 1, order: 1, title: 'Useful links', type: 'links', width: 'half', links: [{ text: 'Archives', path: 'https://www.archives.gov/' }] },
      {
        id: 2,
        order: 2,
        title: 'Read this',
        type: 'readings',
        width: 'third',
        readings: [{ text: 'Preamble', path: '/pages/preamble', files: [{ text: 'Preamble PDF', file: { id: 3, url: '/media/preamble.pdf' } }] }],
      },
      { id: 3, order: 3, title: 'Watch', type: 'video', video: '<iframe title="Video" src="https://www.youtube.com/embed/x"></iframe>' },
      { id: 8, order: 4, title: 'Constitution Quiz', type: 'storyline', width: 'full', storylineUrl: '/uploads/8/storyline/story.html' },
      { id: 9, order: 5, title: 'About', type: 'default', content: '<p>Plain content.</p>' },
    ],
  },
}

describe('module page', () => {
  it('shows title, content and a card per activity with its width', async () => {
    mockFetch(({ url }) => (url.startsWith('/api/modules/4') ? { body: MODULE } : undefined))
    renderApp(
      <Routes>
        <Route path="/modules/:moduleId" element={<ModulePage />} />
      </Routes>,
      { route: '/modules/4', user: makeUser() },
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'The Constitution' })).toBeInTheDocument()
    expect(screen.getByText('Our founding document.')).toBeInTheDocument()
    const cards = screen.getAllByRole('article').filter((el) => el.classList.contains('activity-card'))
    expect(cards.map((card) => card.className.match(/width-\w+/)?.[0])).toEqual(['width-half', 'width-third', 'width-full', 'width-full', 'width-full'])
    expect(screen.getByRole('link', { name: /Archives/ })).toHaveAttribute('href', 'https://www.archives.gov/')
    expect(screen.getByRole('link', { name: 'Preamble' })).toHaveAttribute('href', '/pages/preamble')
    expect(screen.getByRole('link', { name: /Preamble PDF/ })).toHaveAttribute('href', '/media/preamble.pdf')
    expect(screen.getByText('Plain content.')).toBeInTheDocument()
    // The video site is a third party: nothing of it loads until the reader presses Play.
    expect(screen.queryByTitle('Video')).toBeNull()
    expect(screen.getByText('This video plays from YouTube, another website. It loads only when you press Play video.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Play video' }))
    expect(screen.getByTitle('Video')).toHaveFocus()
  })

  const LAUNCH = {
    standard: 'none',
    resume: false,
    session: 's-1',
    launcherUrl: 'http://content.test/launch/8',
    contentOrigin: 'http://content.test',
    packageUrl: 'http://content.test/uploads/8/storyline/story.html',
  }

  function quizServer(attempts: unknown[] = []) {
    return mockFetch(({ method, url }) => {
      if (url.startsWith('/api/modules/4')) return { body: MODULE }
      if (method === 'GET' && url.startsWith('/api/attempts')) return { body: { docs: attempts } }
      if (method === 'POST' && url === '/api/activities/8/open')
        return { body: { attempt: { id: 1, activity: 8, student: 3, status: 'not-attempted', openCount: 1 }, launch: LAUNCH } }
      if (method === 'POST' && url.endsWith('/open'))
        return { body: { attempt: { id: 2, activity: Number(url.split('/')[3]), student: 3, status: 'not-attempted', openCount: 1 }, launch: null } }
      if (method === 'PUT' && url.endsWith('/done'))
        return { body: { attempt: { id: 3, activity: Number(url.split('/')[3]), student: 3, status: 'completed', openCount: 1 } } }
      return undefined
    })
  }

  function renderModule(user = makeUser()) {
    renderApp(
      <Routes>
        <Route path="/modules/:moduleId" element={<ModulePage />} />
      </Routes>,
      { route: '/modules/4', user },
    )
  }

  const student = () => makeUser({ email: null, username: 'brave-otter-417' }, { type: 'student' })

  it('opens a storyline: records the open, shows the launcher on the content origin full-screen, closed with Escape', async () => {
    const user = userEvent.setup()
    const server = quizServer()
    renderModule()
    const start = await screen.findByRole('button', { name: 'Start Constitution Quiz' })
    await user.click(start)
    const dialog = await screen.findByRole('dialog', { name: 'Constitution Quiz' })
    expect(server.find('POST', '/api/activities/8/open')).toHaveLength(1)
    expect(dialog).toHaveClass('modal-full')
    const frame = within(dialog).getByTitle('Constitution Quiz')
    expect(frame).toHaveAttribute('src', 'http://content.test/launch/8')
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    await waitFor(() => expect(start).toHaveFocus())
    // The card shows that the student opened it.
    expect(await screen.findByText('Opened')).toBeInTheDocument()
  })

  it('closes when the launcher relays Escape from inside the package, and only from that frame and origin', async () => {
    const user = userEvent.setup()
    quizServer()
    renderModule()
    const start = await screen.findByRole('button', { name: 'Start Constitution Quiz' })
    await user.click(start)
    const dialog = await screen.findByRole('dialog', { name: 'Constitution Quiz' })
    const frame = within(dialog).getByTitle('Constitution Quiz') as HTMLIFrameElement
    const escape = (origin: string, source: Window | null) =>
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'civics:escape' }, origin, source }))
    escape('http://evil.test', frame.contentWindow)
    escape('http://content.test', window)
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    escape('http://content.test', frame.contentWindow)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(start).toHaveFocus())
  })

  describe('at an address the quiz cannot play at', () => {
    afterEach(() => changeLanguage('en'))

    const refusedServer = (data: Record<string, string>) =>
      mockFetch(({ method, url }) => {
        if (url.startsWith('/api/modules/4')) return { body: MODULE }
        if (method === 'GET' && url.startsWith('/api/attempts')) return { body: { docs: [] } }
        if (method === 'POST' && url === '/api/activities/8/open')
          return { status: 403, body: { errors: [{ message: 'This quiz can’t open at this address.', data: { reason: 'address', ...data } }] } }
        return undefined
      })

    it('says why in the modal, with the address to use and the setting IT can change, and no frame', async () => {
      const user = userEvent.setup()
      refusedServer({ address: 'http://10.0.0.5:3000', openAt: 'https://civics.example.org', setting: 'EXTRA_PUBLIC_URLS' })
      renderModule()
      const start = await screen.findByRole('button', { name: 'Start Constitution Quiz' })
      await user.click(start)
      const dialog = await screen.findByRole('dialog', { name: 'Constitution Quiz' })
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'This quiz can’t open at this address (http://10.0.0.5:3000). Ask your IT team to open Civics360 at https://civics.example.org, or to add this address to EXTRA_PUBLIC_URLS.',
      )
      expect(within(dialog).queryByTitle('Constitution Quiz')).toBeNull()
      await user.keyboard('{Escape}')
      expect(screen.queryByRole('dialog')).toBeNull()
      await waitFor(() => expect(start).toHaveFocus())
    })

    it('says it in the reader’s language, and names the loopback address to use when no setting helps', async () => {
      await changeLanguage('es')
      const user = userEvent.setup()
      refusedServer({ address: 'http://[::1]:3000', openAt: 'http://localhost:3000' })
      renderModule()
      await user.click(await screen.findByRole('button', { name: 'Empezar Constitution Quiz' }))
      const dialog = await screen.findByRole('dialog', { name: 'Constitution Quiz' })
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Este cuestionario no se puede abrir en esta dirección (http://[::1]:3000). Abre Civics360 en http://localhost:3000.',
      )
    })
  })

  it("hands the launcher the package's storage and saves what that frame relays, not another window's", async () => {
    const user = userEvent.setup()
    const stored = { cookies: { step: { value: '2', expires: null } }, localStorage: { quiz: 'b' } }
    const server = mockFetch(({ method, url }) => {
      if (url.startsWith('/api/modules/4')) return { body: MODULE }
      if (method === 'GET' && url.startsWith('/api/attempts')) return { body: { docs: [] } }
      if (method === 'POST' && url === '/api/activities/8/open')
        return { body: { attempt: { id: 1, activity: 8, student: 3, status: 'not-attempted', openCount: 1 }, launch: { ...LAUNCH, storage: stored } } }
      if (method === 'PUT' && url === '/api/activities/8/attempt')
        return { body: { attempt: { id: 1, activity: 8, student: 3, status: 'not-attempted', openCount: 2 } } }
      return undefined
    })
    renderModule()
    await user.click(await screen.findByRole('button', { name: 'Start Constitution Quiz' }))
    const frame = within(await screen.findByRole('dialog', { name: 'Constitution Quiz' })).getByTitle('Constitution Quiz') as HTMLIFrameElement
    const launcher = frame.contentWindow as Window
    const sent = vi.spyOn(launcher, 'postMessage')
    const from = (data: unknown, source: Window | null, origin = 'http://content.test') =>
      window.dispatchEvent(new MessageEvent('message', { data, origin, source }))
    from({ type: 'civics:ready' }, launcher)
    await waitFor(() => expect(sent).toHaveBeenCalledWith(expect.objectContaining({ type: 'civics:start', storage: stored }), 'http://content.test'))

    const mine = { cookies: {}, localStorage: { quiz: 'a' } }
    from({ type: 'civics:storage', storage: { cookies: {}, localStorage: { quiz: 'forged' } } }, window)
    from({ type: 'civics:storage', storage: { cookies: {}, localStorage: { quiz: 'forged' } } }, launcher, 'http://evil.test')
    from({ type: 'civics:storage', storage: mine }, launcher)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(server.find('PUT', '/api/activities/8/attempt').length).toBeGreaterThan(0), { timeout: 5000 })
    const saves = server.find('PUT', '/api/activities/8/attempt')
    expect(saves.at(-1)?.body).toMatchObject({ session: 's-1', storage: mine, closed: true })
    expect(saves.some((save) => JSON.stringify(save.body).includes('forged'))).toBe(false)
  })

  it('says "Not saved yet: will retry" while saves fail, warns when closed unsaved, and says "Saved" once they are sent', async () => {
    const user = userEvent.setup()
    let reachable = false
    const server = mockFetch(({ method, url }) => {
      if (url.startsWith('/api/modules/4')) return { body: MODULE }
      if (method === 'GET' && url.startsWith('/api/attempts')) return { body: { docs: [] } }
      if (method === 'POST' && url === '/api/activities/8/open')
        return { body: { attempt: { id: 1, activity: 8, student: 3, status: 'not-attempted', openCount: 1 }, launch: { ...LAUNCH, session: 's-9' } } }
      if (method === 'PUT' && url === '/api/activities/8/attempt') {
        if (!reachable) throw new TypeError('Failed to fetch')
        return { body: { attempt: { id: 1, activity: 8, student: 3, status: 'incomplete', openCount: 1 } } }
      }
      return undefined
    })
    renderModule(student())
    await user.click(await screen.findByRole('button', { name: 'Start Constitution Quiz' }))
    const dialog = await screen.findByRole('dialog', { name: 'Constitution Quiz' })
    const launcher = (within(dialog).getByTitle('Constitution Quiz') as HTMLIFrameElement).contentWindow as Window
    const from = (data: unknown) => window.dispatchEvent(new MessageEvent('message', { data, origin: 'http://content.test', source: launcher }))
    from({ type: 'civics:ready' })
    await waitFor(() => expect(within(dialog).getAllByRole('status').length).toBeGreaterThan(0))
    from({ type: 'civics:storage', storage: { cookies: {}, localStorage: { quiz: 'b' } } })
    expect(await within(dialog).findByText('Not saved yet: will retry', {}, { timeout: 8000 })).toHaveAttribute('role', 'status')

    await user.keyboard('{Escape}')
    const card = screen.getByRole('button', { name: 'Start Constitution Quiz' }).closest('article') as HTMLElement
    const warning = await within(card).findByText(/Not saved yet: will retry/, {}, { timeout: 8000 })
    expect(warning).toHaveTextContent('Keep this page open and do not sign out until it says Saved.')
    expect(warning).toHaveAttribute('role', 'status')

    // The last save, made as the modal closed, fails too.
    await waitFor(
      () => expect(server.find('PUT', '/api/activities/8/attempt').some((call) => (call.body as { closed?: boolean } | undefined)?.closed === true)).toBe(true),
      { timeout: 8000 },
    )
    reachable = true
    window.dispatchEvent(new Event('online'))
    await waitFor(() => expect(within(card).getByRole('status')).toHaveTextContent(/^Saved$/), { timeout: 8000 })
    const saves = server.find('PUT', '/api/activities/8/attempt')
    expect(saves.at(-1)?.body).toMatchObject({ session: 's-9', storage: { localStorage: { quiz: 'b' } }, closed: true })
    // Each try of one save carries that save's id, so a repeat is recognisable.
    expect(saves.every((call) => typeof call.headers['Idempotency-Key'] === 'string')).toBe(true)
  }, 30_000)

  it('replaces the launcher frame with a message when it loads a second page', async () => {
    const user = userEvent.setup()
    quizServer()
    renderModule()
    await user.click(await screen.findByRole('button', { name: 'Start Constitution Quiz' }))
    const dialog = await screen.findByRole('dialog', { name: 'Constitution Quiz' })
    const frame = within(dialog).getByTitle('Constitution Quiz')
    expect(frame.getAttribute('sandbox')?.split(' ')).not.toContain('allow-popups-to-escape-sandbox')
    fireEvent.load(frame)
    expect(within(dialog).getByTitle('Constitution Quiz')).toBe(frame)
    fireEvent.load(frame)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This activity tried to show another page in this window, so it was stopped.')
    expect(within(dialog).queryByTitle('Constitution Quiz')).toBeNull()
  })

  it("shows the student's own state on each card", async () => {
    quizServer([
      { id: 1, activity: 8, student: 3, status: 'passed', score: { raw: 8, max: 10, scaled: 0.8 }, openCount: 2 },
      { id: 2, activity: 1, student: 3, status: 'not-attempted', openCount: 1 },
    ])
    renderModule()
    expect(await screen.findByText('Passed · 80%')).toBeInTheDocument()
    expect(screen.getByText('Opened')).toBeInTheDocument()
    expect(screen.getAllByText('Your progress:')).toHaveLength(2)
  })

  it('records that a link activity was opened when the student follows one of its links', async () => {
    const user = userEvent.setup()
    const server = quizServer()
    renderModule(student())
    const link = await screen.findByRole('link', { name: /Archives/ })
    link.addEventListener('click', (event) => event.preventDefault())
    await user.click(link)
    await waitFor(() => expect(server.find('POST', '/api/activities/1/open')).toHaveLength(1))
    await user.click(link)
    expect(server.find('POST', '/api/activities/1/open')).toHaveLength(1)
  })

  it('records nothing for a teacher, and offers her no done mark', async () => {
    const user = userEvent.setup()
    const server = quizServer()
    renderModule()
    const link = await screen.findByRole('link', { name: /Archives/ })
    link.addEventListener('click', (event) => event.preventDefault())
    await user.click(link)
    expect(server.find('POST', '/api/activities/1/open')).toHaveLength(0)
    expect(screen.queryByRole('checkbox')).toBeNull()
  })

  it('lets a student mark an activity without a quiz done, and shows it completed', async () => {
    const user = userEvent.setup()
    const server = quizServer()
    renderModule(student())
    const [done] = await screen.findAllByRole('checkbox', { name: /^Mark as done: / })
    // Every card but the quiz's has one.
    expect(screen.getAllByRole('checkbox')).toHaveLength(4)
    await user.click(done)
    await waitFor(() => expect(server.find('PUT', /\/api\/activities\/\d+\/done$/)).toHaveLength(1))
    expect(server.find('PUT', /\/done$/)[0].body).toEqual({ done: true })
    expect(await screen.findByText('Completed')).toBeInTheDocument()
    expect(done).toBeChecked()
  })
})

describe('home', () => {
  it('shows the banner, Browse Topics and the topics with thumbnail, content and module links', async () => {
    mockFetch(({ url }) =>
      url.startsWith('/api/topics')
        ? {
            body: {
              docs: [
                {
                  id: 1,
                  title: 'Foundations',
                  content: '<p>Where it began.</p>',
                  thumbnail: { id: 2, url: '/media/f.png', alt: 'Quill' },
                  modules: { docs: [{ id: 4, title: 'The Constitution' }] },
                },
              ],
            },
          }
        : undefined,
    )
    renderApp(<HomePage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Civics360' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse Topics' })).toHaveAttribute('href', '/topics')
    expect(await screen.findByRole('link', { name: 'Foundations' })).toHaveAttribute('href', '/topics/1')
    expect(screen.getByRole('img', { name: 'Quill' })).toHaveAttribute('src', '/media/f.png')
    expect(screen.getByText('Where it began.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'The Constitution' })).toHaveAttribute('href', '/modules/4')
  })

  const student = makeUser(
    { id: 8, email: null, username: 'brave-otter-417', providers: [{ provider: 'username', username: 'brave-otter-417' }] },
    { type: 'student', completed: true, classroom: { id: 5, name: 'Period 6 Civics', code: 'KTR-482' } },
  )

  it("shows a signed-in student their class, their teacher and the activity they opened last, above the spec's home", async () => {
    mockFetch(({ url }) =>
      url.startsWith('/api/users/8/home')
        ? {
            body: {
              classroom: { id: 5, name: 'Period 6 Civics', teacher: 'Grace Hopper' },
              lastActivity: {
                id: 31,
                title: 'Bill of Rights Quiz',
                type: 'storyline',
                module: { id: 4, title: 'The Bill of Rights' },
                status: 'passed',
                score: { scaled: 0.8 },
                lastOpenedAt: '2026-11-20T10:00:00.000Z',
              },
            },
          }
        : url.startsWith('/api/topics')
          ? { body: { docs: [] } }
          : undefined,
    )
    renderApp(<HomePage />, { user: student })
    const region = await screen.findByRole('region', { name: 'Your class: Period 6 Civics' })
    expect(within(region).getByText('Teacher: Grace Hopper')).toBeInTheDocument()
    expect(within(region).getByRole('heading', { name: 'Where you left off' })).toBeInTheDocument()
    expect(within(region).getByRole('link', { name: 'Bill of Rights Quiz' })).toHaveAttribute('href', '/modules/4')
    expect(region).toHaveTextContent('in The Bill of Rights')
    expect(region).toHaveTextContent('Passed · 80%')
    // The spec's home follows it.
    expect(region.compareDocumentPosition(screen.getByRole('heading', { level: 1, name: 'Civics360' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('tells a student who opened nothing yet where to start', async () => {
    mockFetch(({ url }) =>
      url.startsWith('/api/users/8/home') ? { body: { classroom: { id: 5, name: 'Period 6 Civics', teacher: null }, lastActivity: null } } : undefined,
    )
    renderApp(<HomePage />, { user: student })
    const region = await screen.findByRole('region', { name: 'Your class: Period 6 Civics' })
    expect(region).toHaveTextContent('You have not opened an activity yet.')
    expect(region).not.toHaveTextContent('Teacher:')
    expect(within(region).getByRole('link', { name: 'Browse Topics' })).toHaveAttribute('href', '/topics')
  })

  it('asks nothing more for a teacher or a visitor', async () => {
    const { calls } = mockFetch(({ url }) => (url.startsWith('/api/topics') ? { body: { docs: [] } } : undefined))
    renderApp(<HomePage />, { user: makeUser() })
    await screen.findByRole('heading', { level: 1, name: 'Civics360' })
    await waitFor(() => expect(calls.some((call) => call.url.startsWith('/api/topics'))).toBe(true))
    expect(calls.filter((call) => call.url.includes('/home'))).toHaveLength(0)
    expect(screen.queryByRole('region', { name: /Your class/ })).toBeNull()
  })
})
