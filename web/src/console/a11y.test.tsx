import { screen } from '@testing-library/react'
import axe from 'axe-core'
import { describe, expect, it } from 'vitest'
import { consoleServer, list, renderConsole, staff } from './consoleTestServer'

const everyScope = [
  'topics:write',
  'topics:delete',
  'modules:write',
  'activities:write',
  'pages:write',
  'pages:delete',
  'users:write',
  'users:read',
  'tickets:write',
]
const page = {
  id: 4,
  slug: 'about',
  title: 'About',
  content: { markdown: '# About\n\nSome **bold** [link](https://example.org)', html: '', template: 'default' },
}
const topic = { id: 5, title: 'Rights', order: 1, markdown: 'Text', modules: { docs: [] } }

async function violations(): Promise<string[]> {
  // Colour contrast needs layout, which jsdom lacks (the browser tests run it with real CSS), and
  // the landmarks (`region`) come from the app shell, which these tests do not render.
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

describe('console accessibility (axe, jsdom)', () => {
  it.each([
    ['/console', 'Console'],
    ['/console/pages', 'Pages'],
    ['/console/pages/4', 'Edit Page'],
    ['/console/topics/create', 'New Topic'],
    ['/console/topics/5', 'Edit Topic'],
    ['/console/activities/create', 'New Activity'],
    ['/console/tickets', 'Tickets'],
  ])('%s has no axe violations', async (route, heading) => {
    consoleServer(({ method, url }) => {
      if (method !== 'GET') return undefined
      if (url.startsWith('/api/pages/4')) return { body: page }
      if (url.startsWith('/api/topics/5')) return { body: topic }
      if (url.startsWith('/api/pages?')) return list([page], 30)
      return undefined
    })
    renderConsole(route, staff(everyScope))
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
    expect(await violations()).toEqual([])
  })
})
