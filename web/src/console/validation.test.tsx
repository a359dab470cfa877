import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { field, typeInto } from '../test/render'
import { CONTENT_REQUIRED, MODULE_SAVED, ORDER_REQUIRED, TITLE_REQUIRED, TOPIC_REQUIRED, TOPIC_SAVED } from './consoleMessages'
import { consoleServer, list, renderConsole, staff } from './consoleTestServer'

const topic = { id: 5, title: 'Rights', order: 1, markdown: 'Some text', modules: { docs: [] } }
const module = {
  id: 8,
  title: 'Speech',
  subtitle: '',
  order: 1,
  topic: 5,
  markdown: 'Body',
  activities: { docs: [{ id: 3, title: 'Quiz', type: 'storyline', order: 1, width: 'full' }] },
}

describe('topic and module validation (spec section 5)', () => {
  it('requires title, content and order on the topic form, then saves', async () => {
    const user = userEvent.setup()
    const { find } = consoleServer(({ method, url }) => {
      if (url.startsWith('/api/topics/5') && method === 'GET') return { body: topic }
      if (url === '/api/topics/5' && method === 'PUT') return { body: { doc: topic, message: 'Updated.' } }
      return undefined
    })
    renderConsole('/console/topics/5', staff(['topics:write']))
    await screen.findByRole('heading', { level: 1, name: 'Edit Topic' })
    await user.clear(field('Title'))
    await user.clear(field('Order'))
    await user.clear(field('Content (markdown)'))
    await user.click(screen.getByRole('button', { name: 'Save Topic' }))
    expect(await screen.findByText(TITLE_REQUIRED)).toBeInTheDocument()
    expect(screen.getByText(CONTENT_REQUIRED)).toBeInTheDocument()
    expect(screen.getByText(ORDER_REQUIRED)).toBeInTheDocument()
    expect(find('PUT', '/api/topics/5')).toHaveLength(0)
    await user.type(field('Title'), 'Rights')
    await user.type(field('Order'), '3')
    await user.type(field('Content (markdown)'), 'New text')
    await user.click(screen.getByRole('button', { name: 'Save Topic' }))
    expect(await screen.findByText(TOPIC_SAVED)).toBeInTheDocument()
    expect(find('PUT', '/api/topics/5')[0].body).toEqual({ title: 'Rights', order: 3, markdown: 'New text', thumbnail: null })
  })

  it('requires title, topic, content and order on the module form', async () => {
    const user = userEvent.setup()
    const { find } = consoleServer(({ method, url }) => {
      if (url.startsWith('/api/topics?')) return list([{ id: 5, title: 'Rights' }])
      if (url.startsWith('/api/modules/8') && method === 'GET') return { body: module }
      if (url === '/api/modules/8' && method === 'PUT') return { body: { doc: module } }
      return undefined
    })
    renderConsole('/console/modules/8', staff(['modules:write', 'activities:write']))
    await screen.findByRole('heading', { level: 1, name: 'Edit Module' })
    expect(screen.getByRole('link', { name: 'Add Activity' })).toHaveAttribute('href', '/console/activities/create?moduleId=8')
    expect(screen.getByRole('link', { name: 'Quiz' })).toHaveAttribute('href', '/console/activities/3')
    await user.clear(field('Title'))
    await user.clear(field('Order'))
    await user.clear(field('Content (markdown)'))
    await user.click(screen.getByRole('button', { name: 'Save Module' }))
    expect(await screen.findByText(TITLE_REQUIRED)).toBeInTheDocument()
    expect(screen.getByText(CONTENT_REQUIRED)).toBeInTheDocument()
    expect(screen.getByText(ORDER_REQUIRED)).toBeInTheDocument()
    expect(screen.queryByText(TOPIC_REQUIRED)).toBeNull()
    await typeInto(user, { Title: 'Speech', Order: 'x', 'Content (markdown)': 'Body' })
    await user.type(field('Order'), '2')
    await user.click(screen.getByRole('button', { name: 'Save Module' }))
    expect(await screen.findByText(MODULE_SAVED)).toBeInTheDocument()
    await waitFor(() => expect(find('PUT', '/api/modules/8')[0].body).toMatchObject({ title: 'Speech', topic: 5, order: 2 }))
  })

  it('requires the topic of a new module', async () => {
    const user = userEvent.setup()
    consoleServer()
    renderConsole('/console/modules/create', staff(['modules:write']))
    await user.click(screen.getByRole('button', { name: 'Create Module' }))
    expect(await screen.findByText(TOPIC_REQUIRED)).toBeInTheDocument()
    expect(screen.getByText(TITLE_REQUIRED)).toBeInTheDocument()
  })
})
