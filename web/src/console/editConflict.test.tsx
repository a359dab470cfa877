import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { field } from '../test/render'
import { TOPIC_SAVED } from './consoleMessages'
import { consoleServer, renderConsole, staff } from './consoleTestServer'

const STALE = 'Someone else saved this since you opened it. Reload to see their changes, or overwrite them with yours.'

/** One topic on a fake server that refuses a save made against an older version, as the real one does. */
function topicServer() {
  const stored = { id: 5, title: 'The Constitution', markdown: 'First paragraph.', order: 1, updatedAt: '2026-01-01T10:00:00.000Z' }
  let saves = 0
  const server = consoleServer(({ method, url, headers, body }) => {
    if (!url.startsWith('/api/topics/5')) return undefined
    if (method === 'GET') return { body: { ...stored } }
    if (method !== 'PUT') return undefined
    if (headers['If-Match'] !== `"${stored.updatedAt}"`)
      return {
        status: 412,
        body: { errors: [{ message: STALE, data: { updatedAt: stored.updatedAt, version: `"${stored.updatedAt}"`, differs: ['title'] } }] },
      }
    Object.assign(stored, body as object, { updatedAt: `2026-01-01T10:0${++saves}:00.000Z` })
    return { body: { message: 'Updated successfully.', doc: { ...stored } } }
  })
  /** Another editor saves meanwhile. */
  const savedElsewhere = (title: string) => Object.assign(stored, { title, updatedAt: '2026-01-01T11:00:00.000Z' })
  return { ...server, stored, savedElsewhere }
}

describe('two editors on one topic', () => {
  it('a save against an older version says so and offers reload or overwrite; overwrite saves over their version', async () => {
    const user = userEvent.setup()
    const server = topicServer()
    renderConsole('/console/topics/5', staff(['topics:write']))
    await waitFor(() => expect(field('Title')).toHaveValue('The Constitution'))
    server.savedElsewhere('Their title')
    await user.clear(field('Title'))
    await user.type(field('Title'), 'My title')
    await user.click(screen.getByRole('button', { name: 'Save Topic' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(STALE)
    expect(server.find('PUT', /\/api\/topics\/5/)[0].headers['If-Match']).toBe('"2026-01-01T10:00:00.000Z"')
    expect(server.stored.title).toBe('Their title')

    await user.click(screen.getByRole('button', { name: 'Overwrite with my version' }))
    await waitFor(() => expect(server.stored.title).toBe('My title'))
    expect(server.find('PUT', /\/api\/topics\/5/)[1].headers['If-Match']).toBe('"2026-01-01T11:00:00.000Z"')
    expect(await screen.findByText(TOPIC_SAVED)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Overwrite with my version' })).toBeNull()
  })

  it('reload puts their version in the form, and the next save is made against it', async () => {
    const user = userEvent.setup()
    const server = topicServer()
    renderConsole('/console/topics/5', staff(['topics:write']))
    await waitFor(() => expect(field('Title')).toHaveValue('The Constitution'))
    server.savedElsewhere('Their title')
    await user.type(field('Title'), ' (mine)')
    await user.click(screen.getByRole('button', { name: 'Save Topic' }))
    await user.click(await screen.findByRole('button', { name: 'Reload their version (discard my changes)' }))

    await waitFor(() => expect(field('Title')).toHaveValue('Their title'))
    expect(screen.queryByRole('button', { name: 'Overwrite with my version' })).toBeNull()
    await user.type(field('Title'), ', edited')
    await user.click(screen.getByRole('button', { name: 'Save Topic' }))
    await waitFor(() => expect(server.stored.title).toBe('Their title, edited'))
    expect(server.find('PUT', /\/api\/topics\/5/).at(-1)?.headers['If-Match']).toBe('"2026-01-01T11:00:00.000Z"')
  })
})
