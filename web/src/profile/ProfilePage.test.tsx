import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { EducatorType, User } from '../api/types'
import { useSession } from '../session/useSession'
import { expectOnlyMessages } from '../test/messages'
import { field, makeUser, mockFetch, renderApp } from '../test/render'
import { ProfilePage } from './ProfilePage'
import * as m from './profileSchema'

const COUNTRIES = {
  docs: [
    { countryName: 'Canada', countryShortCode: 'CA', regions: [{ name: 'Ontario', shortCode: 'ON' }] },
    {
      countryName: 'United States',
      countryShortCode: 'US',
      regions: [
        { name: 'Florida', shortCode: 'FL' },
        { name: 'Georgia', shortCode: 'GA' },
      ],
    },
  ],
}

function server(onPut?: (body: { attributes: Record<string, unknown> }) => User) {
  return mockFetch(({ method, url, body }) => {
    if (url.startsWith('/api/countries')) return { body: COUNTRIES }
    if (url.startsWith('/api/schools?q='))
      return { body: { docs: [{ id: 9, name: 'Leon Middle School', district: 'Leon', state: 'Florida', country: 'United States' }] } }
    if (method === 'PUT' && url === '/api/users/3' && onPut) return { body: { message: 'Profile saved.', user: onPut(body as never) } }
    return undefined
  })
}

function SessionProbe() {
  const { user } = useSession()
  return <div data-testid="session">{JSON.stringify(user?.attributes ?? null)}</div>
}

function newUser(attributes: Partial<User['attributes']> = {}) {
  return makeUser({ email: 'new@example.org' }, { type: null, completed: false, ...attributes })
}

async function pick(type: string) {
  const user = userEvent.setup()
  await user.click(screen.getByRole('button', { name: new RegExp(`^${type}`) }))
  return user
}

async function submit(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Save Profile' }))
}

describe('profile type picker', () => {
  it("is titled 'Finish Your Profile' and lists the eight educator types", () => {
    server()
    renderApp(<ProfilePage />, { user: newUser() })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Finish Your Profile')
    const options = within(screen.getByRole('list'))
      .getAllByRole('button')
      .map((button) => button.querySelector('.choice-title')?.textContent)
    expect(options).toEqual(['Teacher', 'School', 'District', 'Professor', 'Parent', 'Homeschool', 'Other', 'Independent'])
  })

  it("is titled 'Change Account Type' once the profile is completed", () => {
    server()
    renderApp(<ProfilePage />, { user: newUser({ completed: true }) })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Change Account Type')
  })
})

describe('profile validation (spec section 5)', () => {
  const cases: [EducatorType, string, string[]][] = [
    ['teacher', 'Teacher', [m.FIRST_NAME_REQUIRED, m.LAST_NAME_REQUIRED, m.POSITION_REQUIRED, m.SCHOOL_REQUIRED, m.GRADES_REQUIRED, m.SUBJECTS_REQUIRED]],
    ['school', 'School', [m.FIRST_NAME_REQUIRED, m.LAST_NAME_REQUIRED, m.POSITION_REQUIRED, m.SCHOOL_REQUIRED]],
    ['district', 'District', [m.FIRST_NAME_REQUIRED, m.LAST_NAME_REQUIRED, m.POSITION_REQUIRED, m.DISTRICT_REQUIRED]],
    ['professor', 'Professor', [m.FIRST_NAME_REQUIRED, m.LAST_NAME_REQUIRED, m.POSITION_REQUIRED]],
    // A parent is asked for a name, not a job position.
    ['parent', 'Parent', [m.FIRST_NAME_REQUIRED, m.LAST_NAME_REQUIRED]],
    ['homeschool', 'Homeschool', [m.FIRST_NAME_REQUIRED, m.LAST_NAME_REQUIRED, m.POSITION_REQUIRED]],
    ['other', 'Other', [m.FIRST_NAME_REQUIRED, m.LAST_NAME_REQUIRED, m.POSITION_REQUIRED]],
    ['independent', 'Independent', [m.FIRST_NAME_REQUIRED, m.LAST_NAME_REQUIRED]],
  ]

  it.each(cases)('%s: an empty form shows exactly its messages', async (_type, label, expected) => {
    const { find } = server()
    renderApp(<ProfilePage />, { user: newUser() })
    const user = await pick(label)
    await submit(user)
    await expectOnlyMessages(expected)
    expect(find('PUT', '/api/users/3')).toHaveLength(0)
  })

  it.each([
    ['District', [m.FIRST_NAME_REQUIRED, m.LAST_NAME_REQUIRED, m.POSITION_REQUIRED, m.DISTRICT_REQUIRED, m.STATE_REQUIRED, m.COUNTRY_REQUIRED]],
    ['Professor', [m.FIRST_NAME_REQUIRED, m.LAST_NAME_REQUIRED, m.POSITION_REQUIRED, m.STATE_REQUIRED, m.COUNTRY_REQUIRED]],
  ])('%s: state and country default to Florida, United States and are required', async (label, expected) => {
    server()
    renderApp(<ProfilePage />, { user: newUser() })
    const user = await pick(label)
    expect(field('Country')).toHaveValue('United States')
    expect(field('State/Region')).toHaveValue('Florida')
    await waitFor(() => expect(within(field('State/Region')).getByRole('option', { name: 'Georgia' })).toBeInTheDocument())
    await user.selectOptions(field('Country'), '')
    expect(field('State/Region')).toHaveValue('')
    await submit(user)
    await expectOnlyMessages(expected)
  })

  it('the country select offers the regions of the chosen country', async () => {
    server()
    renderApp(<ProfilePage />, { user: newUser() })
    const user = await pick('Professor')
    await waitFor(() => expect(within(field('Country')).getByRole('option', { name: 'Canada' })).toBeInTheDocument())
    await user.selectOptions(field('Country'), 'Canada')
    expect(within(field('State/Region')).getByRole('option', { name: 'Ontario' })).toBeInTheDocument()
    expect(within(field('State/Region')).queryByRole('option', { name: 'Florida' })).toBeNull()
  })

  it.each([
    ['Teacher', { id: 1, name: '', district: 'Leon' }, m.SCHOOLS_MUST_HAVE_NAME],
    ['Teacher', { id: 1, name: 'Leon Middle', district: '' }, m.SCHOOLS_MUST_HAVE_DISTRICT],
    ['School', { id: 1, name: '', district: 'Leon' }, m.SCHOOL_NAME_REQUIRED],
    ['School', { id: 1, name: 'Leon Middle', district: '' }, m.DISTRICT_REQUIRED],
  ])('%s: a school without a name or district gets its own message', async (label, school, expected) => {
    server()
    const attributes: Partial<User['attributes']> = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      position: 'Teacher',
      school,
      grades: ['Seventh'],
      subjects: ['Civics'],
    }
    renderApp(<ProfilePage />, { user: newUser(attributes) })
    const user = await pick(label)
    await submit(user)
    await expectOnlyMessages([expected])
  })
})

describe('saving the profile', () => {
  it('saves a teacher, with the school chosen in the modal, and replaces the stored user', async () => {
    let saved: Record<string, unknown> = {}
    const { find } = server((body) => {
      saved = body.attributes
      return makeUser({}, { ...(body.attributes as object), school: { id: 9, name: 'Leon Middle School', district: 'Leon' } })
    })
    renderApp(
      <>
        <ProfilePage />
        <SessionProbe />
      </>,
      { user: newUser() },
    )
    const user = await pick('Teacher')
    await user.type(field('First Name'), 'Ada')
    await user.type(field('Last Name'), 'Lovelace')
    await user.type(field('Job Position'), 'Civics teacher')
    await user.click(screen.getByRole('button', { name: 'Choose School' }))
    await user.type(screen.getByLabelText('Search for your school'), 'Leon Middle')
    await user.click(await screen.findByRole('button', { name: /Leon Middle School/ }))
    expect(screen.queryByRole('dialog')).toBeNull()
    await user.click(screen.getByRole('checkbox', { name: 'Seventh' }))
    await user.click(screen.getByRole('checkbox', { name: 'Civics' }))
    await user.click(screen.getByRole('checkbox', { name: 'American History' }))
    await submit(user)
    expect(await screen.findByText('Saved!')).toBeInTheDocument()
    expect(find('PUT', '/api/users/3')).toHaveLength(1)
    expect(saved).toEqual({
      type: 'teacher',
      completed: true,
      firstName: 'Ada',
      lastName: 'Lovelace',
      position: 'Civics teacher',
      school: 9,
      grades: ['Seventh'],
      subjects: ['American History', 'Civics'],
      certification: '',
    })
    expect(JSON.parse(screen.getByTestId('session').textContent ?? '')).toMatchObject({ type: 'teacher', completed: true })
    expect(screen.getByRole('button', { name: 'Change Account Type' })).toBeInTheDocument()
  })

  it('saves an independent profile with names only', async () => {
    let saved: Record<string, unknown> = {}
    server((body) => {
      saved = body.attributes
      return makeUser({}, body.attributes as never)
    })
    renderApp(<ProfilePage />, { user: newUser() })
    const user = await pick('Independent')
    expect(screen.queryByLabelText(/^Job Position/)).toBeNull()
    await user.type(field('First Name'), 'Sam')
    await user.type(field('Last Name'), 'Lee')
    await submit(user)
    await screen.findByText('Saved!')
    expect(saved).toEqual({ type: 'independent', completed: true, firstName: 'Sam', lastName: 'Lee' })
  })

  it("'Change Account Type' sends type null and shows the picker", async () => {
    const { find } = server((body) => makeUser({}, { completed: true, ...(body.attributes as object) }))
    renderApp(<ProfilePage />, { user: makeUser({}, { type: 'parent', completed: true, firstName: 'A', lastName: 'B', position: 'Parent' }) })
    expect(field('First Name')).toHaveValue('A')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Change Account Type' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Change Account Type' })).toBeInTheDocument()
    expect(find('PUT', '/api/users/3')[0].body).toEqual({ attributes: { type: null } })
  })
})

describe('student profile', () => {
  it('shows the username and classroom code read-only and lets the names be edited', async () => {
    const student = makeUser(
      { email: null, username: 'brave-otter-417', providers: [{ provider: 'username', username: 'brave-otter-417' }] },
      { type: 'student', completed: false, classroom: { id: 1, name: 'Civics 7A', code: 'ABC123' } },
    )
    let saved: Record<string, unknown> = {}
    server((body) => {
      saved = body.attributes
      return student
    })
    renderApp(<ProfilePage />, { user: student })
    expect(screen.getByText('brave-otter-417')).toBeInTheDocument()
    expect(screen.getByText('ABC123')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Change Account Type' })).toBeNull()
    const user = userEvent.setup()
    await submit(user)
    await expectOnlyMessages([m.FIRST_NAME_REQUIRED, m.LAST_NAME_REQUIRED])
    await user.type(field('First Name'), 'Kim')
    await user.type(field('Last Name'), 'Park')
    await submit(user)
    await screen.findByText('Saved!')
    expect(saved).toEqual({ type: 'student', completed: true, firstName: 'Kim', lastName: 'Park' })
  })
})

describe('the next step after the profile', () => {
  const withClassrooms = (docs: unknown[]) =>
    mockFetch(({ url }) =>
      url.startsWith('/api/countries') ? { body: COUNTRIES } : url === '/api/users/3/classrooms' ? { body: { docs, totalDocs: docs.length } } : undefined,
    )
  const teacher = makeUser(
    {},
    { type: 'teacher', completed: true, firstName: 'Grace', lastName: 'Hopper', position: 'Teacher', grades: ['Seventh'], subjects: ['Civics'] },
  )

  it("offers a teacher with no classroom 'Create your first class'", async () => {
    withClassrooms([])
    renderApp(<ProfilePage />, { user: teacher })
    const next = await screen.findByRole('region', { name: 'Next step' })
    expect(within(next).getByRole('link', { name: 'Create your first class' })).toHaveAttribute('href', '/user/classrooms/create')
  })

  it('offers nothing once the teacher has a classroom', async () => {
    const { calls } = withClassrooms([{ id: 5, name: 'Civics 7A', code: 'ABC123', studentCount: 0, students: [] }])
    renderApp(<ProfilePage />, { user: teacher })
    await waitFor(() => expect(calls.some((call) => call.url === '/api/users/3/classrooms')).toBe(true))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('region', { name: 'Next step' })).toBeNull()
  })

  it('sends a parent to the topics, not to Classrooms', async () => {
    const { calls } = withClassrooms([])
    renderApp(<ProfilePage />, { user: makeUser({}, { type: 'parent', completed: true, firstName: 'Pat', lastName: 'Rivera' }) })
    const next = await screen.findByRole('region', { name: 'Next step' })
    expect(within(next).getByRole('link', { name: 'Browse Topics' })).toHaveAttribute('href', '/topics')
    expect(within(next).queryByRole('link', { name: 'Create your first class' })).toBeNull()
    expect(screen.queryByLabelText(/^Job Position/)).toBeNull()
    expect(calls.filter((call) => call.url.includes('/classrooms'))).toHaveLength(0)
  })

  it('is not shown before the profile is saved', () => {
    withClassrooms([])
    renderApp(<ProfilePage />, { user: makeUser({}, { type: null, completed: false }) })
    expect(screen.queryByRole('region', { name: 'Next step' })).toBeNull()
  })
})
