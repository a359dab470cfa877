import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { currentLocation, field } from '../test/render'
import { PAGE_CREATED, TOPIC_SAVED } from './consoleMessages'
import { consoleServer, renderConsole, staff } from './consoleTestServer'

function render(route: string, scopes: string[]) {
  return renderConsole(route, staff(scopes))
}

describe('creating redirects to the edit route', () => {
  it('a page goes to /console/pages/:id', async () => {
    const user = userEvent.setup()
    const page = { id: 42, slug: 'about-us', title: 'About us', content: { markdown: '# Hi', html: '<h1>Hi</h1>', template: 'default' } }
    const { find } = consoleServer(({ method, url }) => {
      if (method === 'POST' && url === '/api/pages') return { status: 201, body: { doc: page, message: 'Created.' } }
      if (url.startsWith('/api/pages/42')) return { body: page }
      return undefined
    })
    render('/console/pages/create', ['pages:write'])
    await user.type(field('Title'), 'About us')
    await user.type(field('Slug'), 'about-us')
    await user.type(field('Markdown'), '# Hi')
    expect(screen.getByRole('region', { name: 'Preview' })).toContainElement(screen.getByRole('heading', { level: 1, name: 'Hi' }))
    await user.click(screen.getByRole('button', { name: 'Create Page' }))
    await waitFor(() => expect(currentLocation()).toBe('/console/pages/42'))
    expect(find('POST', '/api/pages')[0].body).toEqual({ title: 'About us', slug: 'about-us', content: { markdown: '# Hi', template: 'default' } })
    expect(await screen.findByText(PAGE_CREATED)).toBeInTheDocument()
  })

  it('a post goes to /console/posts/:id', async () => {
    const user = userEvent.setup()
    consoleServer(({ method, url }) => {
      if (method === 'POST' && url === '/api/posts') return { status: 201, body: { doc: { id: 9, title: 'News', markdown: 'x' } } }
      return undefined
    })
    render('/console/posts/create', ['pages:write'])
    await user.type(field('Title'), 'News')
    await user.click(screen.getByRole('button', { name: 'Create Post' }))
    await waitFor(() => expect(currentLocation()).toBe('/console/posts/9'))
  })

  it('a topic goes to /console/topics/:id', async () => {
    const user = userEvent.setup()
    const { find } = consoleServer(({ method, url }) => {
      if (method === 'POST' && url === '/api/topics') return { status: 201, body: { doc: { id: 5, title: 'Rights', order: 2, markdown: 'Text' } } }
      return undefined
    })
    render('/console/topics/create', ['topics:write'])
    await user.type(field('Title'), 'Rights')
    await user.type(field('Order'), '2')
    await user.type(field('Content (markdown)'), 'Text')
    await user.click(screen.getByRole('button', { name: 'Create Topic' }))
    await waitFor(() => expect(currentLocation()).toBe('/console/topics/5'))
    expect(find('POST', '/api/topics')[0].body).toEqual({ title: 'Rights', order: 2, markdown: 'Text', thumbnail: null })
    expect(TOPIC_SAVED).toBe('Topic saved.')
  })

  it('shows the server message when creating fails, else the general one', async () => {
    const user = userEvent.setup()
    consoleServer(({ method, url }) => {
      if (method === 'POST' && url === '/api/posts') return { status: 500 }
      return undefined
    })
    render('/console/posts/create', ['pages:write'])
    await user.type(field('Title'), 'News')
    await user.click(screen.getByRole('button', { name: 'Create Post' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred.')
  })
})
