import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { makeUser, mockFetch, renderApp, field } from '../test/render'
import { ContentPage } from './ContentPage'
import { HomePage } from './HomePage'
import { ModulePage } from './ModulePage'
import { PageEditPage } from './PageEditPage'

const PAGE = { id: 7, slug: 'privacy-policy', title: 'Privacy Policy', content: { markdown: '# Hi', html: '<p>We respect your privacy.</p>', template: 'default' } }

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
    expect(screen.getByTitle('Video')).toBeInTheDocument()
    expect(screen.getByText('Plain content.')).toBeInTheDocument()
  })

  it('opens a storyline in a full-screen, titled frame, closed with Escape', async () => {
    const user = userEvent.setup()
    mockFetch(({ url }) => (url.startsWith('/api/modules/4') ? { body: MODULE } : undefined))
    renderApp(
      <Routes>
        <Route path="/modules/:moduleId" element={<ModulePage />} />
      </Routes>,
      { route: '/modules/4', user: makeUser() },
    )
    const start = await screen.findByRole('button', { name: 'Start Constitution Quiz' })
    await user.click(start)
    const dialog = screen.getByRole('dialog', { name: 'Constitution Quiz' })
    expect(dialog).toHaveClass('modal-full')
    expect(within(dialog).getByTitle('Constitution Quiz')).toHaveAttribute('src', '/uploads/8/storyline/story.html')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(start).toHaveFocus()
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
})
