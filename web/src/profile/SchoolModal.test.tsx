import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { expectOnlyMessages } from '../test/messages'
import { field, mockFetch, renderApp } from '../test/render'
import { SCHOOL_DISTRICT_REQUIRED, SCHOOL_NAME_REQUIRED } from './profileSchema'
import { SchoolModal } from './SchoolModal'
import { NO_RESULTS, SEARCH_TOO_SHORT } from './SchoolSearch'

const LEON = { id: 9, name: 'Leon Middle School', district: 'Leon', state: 'Florida', country: 'United States' }

function setup(answer: (q: string) => { status?: number; body?: unknown }) {
  const server = mockFetch(({ method, url, body }) => {
    if (url.startsWith('/api/countries')) return { body: { docs: [] } }
    if (method === 'GET' && url.startsWith('/api/schools?q=')) return answer(decodeURIComponent(url.split('q=')[1]))
    if (method === 'POST' && url === '/api/schools') return { status: 201, body: { id: 12, ...(body as object) } }
    return undefined
  })
  const onSelect = vi.fn()
  const onClose = vi.fn()
  renderApp(<SchoolModal onSelect={onSelect} onClose={onClose} />)
  return { ...server, onSelect, onClose, user: userEvent.setup() }
}

const searches = (calls: { url: string }[]) => calls.filter((call) => call.url.startsWith('/api/schools?q='))

describe('school modal: search', () => {
  it('asks for 4 characters and does not search with 3', async () => {
    const { calls, user } = setup(() => ({ body: { docs: [LEON] } }))
    expect(screen.getByRole('tab', { name: 'Search' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByText(SEARCH_TOO_SHORT)).toBeInTheDocument()
    await user.type(screen.getByLabelText('Search for your school'), 'Leo')
    await new Promise((resolve) => setTimeout(resolve, 450))
    expect(screen.getByText('Enter at least 4 characters…')).toBeInTheDocument()
    expect(searches(calls)).toHaveLength(0)
  })

  it('searches after more than 3 characters and selecting a school closes the modal', async () => {
    const { calls, user, onSelect, onClose } = setup(() => ({ body: { docs: [LEON] } }))
    await user.type(screen.getByLabelText('Search for your school'), 'Leon')
    await user.click(await screen.findByRole('button', { name: /Leon Middle School/ }))
    expect(searches(calls).map((call) => call.url)).toEqual(['/api/schools?q=Leon'])
    expect(screen.queryByText(SEARCH_TOO_SHORT)).toBeNull()
    expect(onSelect).toHaveBeenCalledWith(LEON)
    expect(onClose).toHaveBeenCalled()
  })

  it("says 'No results found for query' when nothing matches", async () => {
    const { user } = setup(() => ({ body: { docs: [] } }))
    await user.type(screen.getByLabelText('Search for your school'), 'Nowhere')
    expect(await screen.findByText(NO_RESULTS)).toBeInTheDocument()
  })

  it('leads from no results to Create, with the text typed as the school name and the district to type next', async () => {
    const { user, onSelect, find } = setup(() => ({ body: { docs: [] } }))
    await user.type(screen.getByLabelText('Search for your school'), '  Lincoln Middle  ')
    expect(await screen.findByText(NO_RESULTS)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add “Lincoln Middle” as a new school' }))
    expect(screen.getByRole('tab', { name: 'Create' })).toHaveAttribute('aria-selected', 'true')
    expect(field('School Name')).toHaveValue('Lincoln Middle')
    expect(field('School District')).toHaveFocus()
    await user.keyboard('Leon')
    await user.click(screen.getByRole('button', { name: 'Create School' }))
    await waitFor(() => expect(onSelect).toHaveBeenCalled())
    expect(find('POST', '/api/schools')[0].body).toMatchObject({ name: 'Lincoln Middle', district: 'Leon' })
  })

  it('swallows a failed search: no message at all', async () => {
    const { calls, user } = setup(() => ({ status: 500, body: { errors: [{ message: 'Boom' }] } }))
    await user.type(screen.getByLabelText('Search for your school'), 'Leon')
    await waitFor(() => expect(searches(calls).length).toBeGreaterThan(0))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByText('Boom')).toBeNull()
    expect(screen.queryByText(NO_RESULTS)).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('school modal: create', () => {
  it("requires name and district: 'School name is required.', 'School district is required.'", async () => {
    const { calls, user } = setup(() => ({ body: { docs: [] } }))
    await user.click(screen.getByRole('tab', { name: 'Create' }))
    expect(field('Country')).toHaveValue('United States')
    expect(field('State/Region')).toHaveValue('Florida')
    await user.click(screen.getByRole('button', { name: 'Create School' }))
    await expectOnlyMessages([SCHOOL_NAME_REQUIRED, SCHOOL_DISTRICT_REQUIRED])
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0)
  })

  it('creates the school, selects it and closes', async () => {
    const { find, user, onSelect, onClose } = setup(() => ({ body: { docs: [] } }))
    await user.click(screen.getByRole('tab', { name: 'Create' }))
    await user.type(field('School Name'), 'New Middle')
    await user.type(field('School District'), 'Leon')
    await user.click(screen.getByRole('button', { name: 'Create School' }))
    await waitFor(() => expect(onSelect).toHaveBeenCalled())
    expect(find('POST', '/api/schools')[0].body).toEqual({ name: 'New Middle', district: 'Leon', state: 'Florida', country: 'United States' })
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 12, name: 'New Middle' }))
    expect(onClose).toHaveBeenCalled()
  })
})

describe("school modal: Payload's create answer", () => {
  it('accepts the school wrapped as { doc, message }', async () => {
    mockFetch(({ method, url, body }) => {
      if (url.startsWith('/api/countries')) return { body: { docs: [] } }
      if (method === 'POST' && url === '/api/schools') return { status: 201, body: { message: 'Created', doc: { id: 13, ...(body as object) } } }
      return undefined
    })
    const onSelect = vi.fn()
    renderApp(<SchoolModal onSelect={onSelect} onClose={() => undefined} />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('tab', { name: 'Create' }))
    await user.type(field('School Name'), 'Wrapped Middle')
    await user.type(field('School District'), 'Leon')
    await user.click(screen.getByRole('button', { name: 'Create School' }))
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 13, name: 'Wrapped Middle', district: 'Leon' })))
  })
})
