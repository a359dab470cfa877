import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import useSWR from 'swr'
import { describe, expect, it } from 'vitest'
import type { ClassroomProgress } from '../../../common/progress'
import { COLUMNS, COLUMNS_PATH } from '../test/progressColumns'
import { mockFetch, renderApp } from '../test/render'
import { ProgressGrid } from './ProgressGrid'

// The grid's two answers (docs/api.md): the columns, the same for every classroom, and the classroom's rows and cells.
const PROGRESS_PATH = '/api/classrooms/5/progress'
const PROGRESS: ClassroomProgress = {
  classroom: { id: 5, name: 'Civics 7A', code: 'ABC123' },
  students: [{ id: 21, username: 'brave-otter-417', firstName: 'Kim' }],
  attempts: [{ student: 21, activity: 2, status: 'passed', score: 80 }],
}

/** Shows when the progress answer is in SWR's cache, which the grid shares. */
function ProgressAnswered() {
  return useSWR(PROGRESS_PATH).data ? <p>progress answered</p> : null
}

describe('the progress grid', () => {
  it('asks for the columns and the progress at once, and shows the grid only when both have answered', async () => {
    let release: () => void = () => undefined
    const columnsHeld = new Promise<void>((resolve) => (release = resolve))
    const { find } = mockFetch(async ({ url }) => {
      if (url === PROGRESS_PATH) return { body: PROGRESS }
      if (url !== COLUMNS_PATH) return undefined
      await columnsHeld
      return { body: COLUMNS }
    })
    renderApp(
      <>
        <ProgressGrid classroomId={5} />
        <ProgressAnswered />
      </>,
    )
    expect(screen.getByRole('status')).toHaveTextContent('Loading progress…')
    // The progress has answered (it is in the cache the grid reads) while the columns, asked for at
    // the same time, have not: still loading, no grid yet.
    await screen.findByText('progress answered')
    expect(find('GET', COLUMNS_PATH)).toHaveLength(1)
    expect(screen.getByRole('status')).toHaveTextContent('Loading progress…')
    expect(screen.queryByRole('table')).toBeNull()

    release()
    const table = await screen.findByRole('table', { name: 'Progress of each student, Civics 7A' })
    expect(within(table).getByRole('columnheader', { name: 'The Constitution' })).toBeInTheDocument()
    // Module completion first: one column per module, its activities behind a button.
    const moduleButton = within(table).getByRole('button', { name: 'Bill of Rights' })
    expect(moduleButton).toHaveAttribute('aria-expanded', 'false')
    const row = () => within(table).getByRole('row', { name: /Kim brave-otter-417/ })
    const cells = () =>
      within(row())
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
    expect(cells()).toEqual(['80%', '1 of 2 done · 80%'])
    expect(screen.getByRole('option', { name: 'The Constitution' })).toBeInTheDocument()
    expect(screen.queryByRole('status')).toBeNull()

    await userEvent.click(moduleButton)
    expect(moduleButton).toHaveAttribute('aria-expanded', 'true')
    expect(await within(table).findByRole('columnheader', { name: 'Quiz' })).toBeInTheDocument()
    expect(cells()).toEqual(['80%', '1 of 2 done · 80%', '–Not started', 'PPassed 80%'])
    // The exports carry what the grid shows: its view, the open module, the sort.
    const gradebook = new URL(screen.getByRole('link', { name: 'Gradebook CSV (one row per student)' }).getAttribute('href')!, 'http://x')
    expect(gradebook.pathname).toBe('/api/classrooms/5/progress/csv')
    expect(Object.fromEntries(gradebook.searchParams)).toMatchObject({ layout: 'gradebook', view: 'modules', sort: 'student', expand: '100' })
    const long = new URL(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')!, 'http://x')
    expect(long.searchParams.get('layout')).toBe('long')
  })

  it.each([PROGRESS_PATH, COLUMNS_PATH])('shows the error message when %s fails, and no grid', async (failing) => {
    mockFetch(({ url }) => {
      if (url === failing) return { status: 403, body: { errors: [{ message: 'You are not allowed to perform this action.' }] } }
      return url === PROGRESS_PATH ? { body: PROGRESS } : url === COLUMNS_PATH ? { body: COLUMNS } : undefined
    })
    renderApp(<ProgressGrid classroomId={5} />)
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to perform this action.')
    expect(screen.queryByRole('table')).toBeNull()
  })
})
