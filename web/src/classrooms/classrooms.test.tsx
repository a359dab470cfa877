import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { expectOnlyMessages } from '../test/messages'
import { currentLocation, field, makeUser, mockFetch, renderApp } from '../test/render'
import { PASSWORD_REQUIRED } from '../ui/messages'
import { ClassroomDetailPage } from './ClassroomDetailPage'
import { CLASSROOM_CODE_REQUIRED, CLASSROOM_NAME_REQUIRED } from './classroomSchema'
import { ClassroomsPage } from './ClassroomsPage'
import { CreateClassroomPage } from './CreateClassroomPage'

const teacher = makeUser()
const CLASSROOM = {
  id: 5,
  name: 'Civics 7A',
  code: 'ABC123',
  studentCount: 2,
  students: [
    { id: 21, firstName: 'Kim', lastName: 'Park', providers: [{ provider: 'username', username: 'brave-otter-417' }] },
    {
      id: 22,
      providers: [
        { provider: 'username', username: 'calm-heron-88' },
        { provider: 'google', username: 'x@y' },
      ],
    },
  ],
}

describe('classrooms list', () => {
  it('shows the heading, Create Class and one card per classroom', async () => {
    mockFetch(({ url }) =>
      url === '/api/users/3/classrooms'
        ? { body: { docs: [CLASSROOM, { id: 6, name: 'Civics 7B', code: 'XYZ', studentCount: 0, students: [] }], totalDocs: 2 } }
        : undefined,
    )
    renderApp(<ClassroomsPage />, { user: teacher })
    expect(screen.getByRole('heading', { level: 1, name: 'Classrooms' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Create Class' })).toHaveAttribute('href', '/user/classrooms/create')
    expect(screen.getByRole('status')).toHaveTextContent('Loading')
    const card = await screen.findByRole('link', { name: /Civics 7A/ })
    expect(card).toHaveAttribute('href', '/user/classrooms/5')
    expect(card).toHaveTextContent('ABC123')
    expect(card).toHaveTextContent('2 students')
    expect(screen.getByRole('link', { name: /Civics 7B/ })).toHaveTextContent('0 students')
  })

  it("says 'No classrooms yet!' when there are none", async () => {
    mockFetch(() => ({ body: { docs: [], totalDocs: 0 } }))
    renderApp(<ClassroomsPage />, { user: teacher })
    expect(await screen.findByText('No classrooms yet!')).toBeInTheDocument()
  })

  it('shows the server message on error', async () => {
    mockFetch(() => ({ status: 403, body: { errors: [{ message: 'You are not allowed to perform this action.' }] } }))
    renderApp(<ClassroomsPage />, { user: teacher })
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to perform this action.')
  })
})

describe('create classroom', () => {
  it("requires name and code: 'Classroom name is required.', 'Classroom code is required.'", async () => {
    const user = userEvent.setup()
    // No proposal (the server could not find a free code): the field is empty, as before.
    const { find } = mockFetch(() => undefined)
    renderApp(<CreateClassroomPage />, { user: teacher })
    await user.click(await screen.findByRole('button', { name: 'Create Classroom' }))
    await expectOnlyMessages([CLASSROOM_NAME_REQUIRED, CLASSROOM_CODE_REQUIRED])
    expect(find('POST', '/api/users/3/classrooms')).toHaveLength(0)
  })

  /** The create page, with the server proposing KTR-482 and creating classroom 5. */
  const openCreatePage = () => {
    const server = mockFetch(({ method, url }) =>
      url === '/api/classrooms/proposed-code'
        ? { body: { code: 'KTR-482' } }
        : method === 'POST' && url === '/api/users/3/classrooms'
          ? { status: 201, body: { ...CLASSROOM, students: [] } }
          : undefined,
    )
    renderApp(<CreateClassroomPage />, { user: teacher, route: '/user/classrooms/create', path: '/user/classrooms/create' })
    return server
  }

  it("offers the server's proposed code, which the teacher keeps, and replaces the route with the new classroom's page", async () => {
    const user = userEvent.setup()
    const { find } = openCreatePage()
    expect(await screen.findByDisplayValue('KTR-482')).toBe(field('Code'))
    expect(screen.getByText(/keep it or type your own/)).toBeInTheDocument()
    await user.type(field('Name'), 'Civics 7A')
    await user.click(screen.getByRole('button', { name: 'Create Classroom' }))
    await waitFor(() => expect(currentLocation()).toBe('/user/classrooms/5'))
    expect(find('POST', '/api/users/3/classrooms')[0].body).toEqual({ name: 'Civics 7A', code: 'KTR-482' })
  })

  it('lets the teacher type their own code instead', async () => {
    const user = userEvent.setup()
    const { find } = openCreatePage()
    await screen.findByDisplayValue('KTR-482')
    await user.type(field('Name'), 'Civics 7A')
    await user.clear(field('Code'))
    await user.type(field('Code'), 'ABC123')
    await user.click(screen.getByRole('button', { name: 'Create Classroom' }))
    await waitFor(() => expect(currentLocation()).toBe('/user/classrooms/5'))
    expect(find('POST', '/api/users/3/classrooms')[0].body).toEqual({ name: 'Civics 7A', code: 'ABC123' })
  })
})

// The page also shows the progress grid (tested in ProgressGrid.test.tsx) and the benchmarks'
// mastery (BenchmarkMastery.test.tsx): empty ones here.
const EMPTY_PROGRESS = { classroom: { id: 5, name: 'Civics 7A', code: 'CIVICS-7A' }, students: [], attempts: [] }
const EMPTY_MASTERY = { classroom: EMPTY_PROGRESS.classroom, benchmarks: [], categories: [], students: [], rows: [] }
const gridAnswers = new Map<string, unknown>([
  ['/api/classrooms/5/progress', EMPTY_PROGRESS],
  ['/api/classrooms/5/benchmarks', EMPTY_MASTERY],
  ['/api/activities/columns', []],
])

function renderDetail(handler: Parameters<typeof mockFetch>[0]) {
  const server = mockFetch((request) => (gridAnswers.has(request.url) ? { body: gridAnswers.get(request.url) } : handler(request)))
  renderApp(
    <Routes>
      <Route path="/user/classrooms/:classroomId" element={<ClassroomDetailPage />} />
    </Routes>,
    { user: teacher, route: '/user/classrooms/5' },
  )
  return { ...server, user: userEvent.setup() }
}

describe('classroom detail', () => {
  it("is headed 'Your Classroom' while loading, then by its name, with the students by first provider's username", async () => {
    let release: () => void = () => undefined
    const ready = new Promise<void>((resolve) => (release = resolve))
    renderDetail(async ({ url }) => {
      if (url !== '/api/users/3/classrooms/5') return undefined
      await ready
      return { body: CLASSROOM }
    })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your Classroom')
    release()
    expect(await screen.findByRole('heading', { level: 1, name: 'Civics 7A' })).toBeInTheDocument()
    const table = screen.getByRole('table')
    expect(within(table).getByRole('columnheader', { name: 'Username' })).toBeInTheDocument()
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual(['brave-otter-417', 'calm-heron-88'])
  })

  it("says 'No students enrolled.' for an empty class", async () => {
    renderDetail(() => ({ body: { ...CLASSROOM, students: [], studentCount: 0 } }))
    expect(await screen.findByText('No students enrolled.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('edits the classroom with validation, and refreshes the cached classroom', async () => {
    const { find, user } = renderDetail(({ method, url, body }) => {
      if (method === 'GET' && url === '/api/users/3/classrooms/5') return { body: CLASSROOM }
      if (method === 'PUT' && url === '/api/classrooms/5') return { body: { ...CLASSROOM, ...(body as object) } }
      return undefined
    })
    await screen.findByRole('heading', { level: 2, name: 'Edit Classroom' })
    expect(field('Name')).toHaveValue('Civics 7A')
    await user.clear(field('Name'))
    await user.clear(field('Code'))
    await user.click(screen.getByRole('button', { name: 'Update Classroom' }))
    await expectOnlyMessages([CLASSROOM_NAME_REQUIRED, CLASSROOM_CODE_REQUIRED])
    await user.type(field('Name'), 'Civics 7C')
    await user.type(field('Code'), 'NEW7C')
    await user.click(screen.getByRole('button', { name: 'Update Classroom' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Civics 7C' })).toBeInTheDocument()
    expect(find('PUT', '/api/classrooms/5')[0].body).toEqual({ name: 'Civics 7C', code: 'NEW7C' })
    expect(screen.getByText('Saved!')).toBeInTheDocument()
  })

  it("resets a student's password from a small dialog", async () => {
    const { find, user } = renderDetail(({ method, url }) => {
      if (method === 'GET') return { body: CLASSROOM }
      if (method === 'PUT' && url === '/api/classrooms/5/students/21/password') return { body: { message: 'Password updated.' } }
      return undefined
    })
    await user.click(await screen.findByRole('button', { name: 'Actions for brave-otter-417' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Reset password' }))
    const dialog = screen.getByRole('dialog', { name: 'Reset password for brave-otter-417' })
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }))
    await expectOnlyMessages([PASSWORD_REQUIRED])
    await user.type(field('New Password'), 'fresh-pass')
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText('Password updated. (brave-otter-417)')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(find('PUT', '/api/classrooms/5/students/21/password')[0].body).toEqual({ password: 'fresh-pass' })
  })
})
