import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { consoleServer, list, renderConsole, staff } from '../consoleTestServer'

const long = 'A'.repeat(60) + ' ' + 'b'.repeat(80)
const pages = [
  { id: 1, slug: 'about', title: 'About', content: { markdown: long, html: '', template: 'default' } },
  { id: 2, slug: 'short', title: 'Short', content: { markdown: 'Hello', html: '', template: 'default' } },
]

describe('pages list', () => {
  it('previews 100 characters of markdown, paginates and sorts', async () => {
    const user = userEvent.setup()
    const { find } = consoleServer(({ url }) => (url.startsWith('/api/pages?') ? list(pages, 45, 1) : undefined))
    renderConsole('/console/pages', staff(['pages:write']))
    const excerpts = await screen.findAllByTestId('page-excerpt')
    expect(excerpts[0].textContent).toBe(long.slice(0, 100))
    expect(excerpts[0].textContent).toHaveLength(100)
    expect(excerpts[1].textContent).toBe('Hello')
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/console/pages/1')
    const pagination = screen.getByRole('navigation', { name: 'Pagination' })
    expect(pagination).toHaveTextContent('Page 1 of 3')
    await user.click(within(pagination).getByRole('button', { name: 'Next' }))
    expect(find('GET', /^\/api\/pages\?.*page=2/)).not.toHaveLength(0)
    expect(find('GET', /^\/api\/pages\?/)[0].url).toContain('sort=slug')
  })

  it('sorts content with an order field by order', async () => {
    const { find } = consoleServer()
    renderConsole('/console/topics', staff(['topics:write']))
    expect(await screen.findByText('No topics yet.')).toBeInTheDocument()
    expect(find('GET', /^\/api\/topics\?/)[0].url).toMatch(/sort=order/)
  })
})
