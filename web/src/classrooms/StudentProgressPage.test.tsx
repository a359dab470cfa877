import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { StudentProgress } from '../../../common/progress'
import { COLUMNS, COLUMNS_PATH } from '../test/progressColumns'
import { mockFetch, renderApp } from '../test/render'
import { StudentProgressPage } from './StudentProgressPage'

// One student's page reads its rows and the grid's columns (docs/api.md), which the browser keeps from the grid.
const PROGRESS_PATH = '/api/classrooms/5/students/21/progress'
const PROGRESS: StudentProgress = {
  classroom: { id: 5, name: 'Civics 7A', code: 'ABC123' },
  student: { id: 21, username: 'brave-otter-417', firstName: 'Kim' },
  attempts: [
    {
      activity: 2,
      status: 'passed',
      score: { raw: 80, min: 0, max: 100, scaled: 0.8 },
      attemptCount: 2,
      openCount: 3,
      timeSpentSeconds: 300,
      firstOpenedAt: '2026-11-20T10:00:00.000Z',
      lastOpenedAt: '2026-11-21T10:00:00.000Z',
      completedAt: '2026-11-21T10:05:00.000Z',
    },
  ],
}
const route = { route: '/user/classrooms/5/students/21', path: '/user/classrooms/:classroomId/students/:studentId' }

describe("one student's page", () => {
  it('lists every activity of the columns under its topic and module, with the student’s state, score and attempts', async () => {
    const { find } = mockFetch(({ url }) => (url === PROGRESS_PATH ? { body: PROGRESS } : url === COLUMNS_PATH ? { body: COLUMNS } : undefined))
    renderApp(<StudentProgressPage />, route)
    const table = await screen.findByRole('table', { name: 'Bill of Rights' })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Progress of brave-otter-417 (Kim)')
    expect(screen.getByRole('heading', { level: 2, name: 'The Constitution' })).toBeInTheDocument()
    const cells = (name: string) =>
      within(within(table).getByRole('row', { name: new RegExp(name) }))
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent)
    expect(cells('Quiz')).toEqual(['P Passed', '80%', '2'])
    expect(cells('Read the amendments')).toEqual(['– Not started', '', '0'])
    expect(find('GET', COLUMNS_PATH)).toHaveLength(1)
  })

  it.each([PROGRESS_PATH, COLUMNS_PATH])('shows the error message when %s fails, and no tables', async (failing) => {
    mockFetch(({ url }) => {
      if (url === failing) return { status: 403, body: { errors: [{ message: 'You are not allowed to perform this action.' }] } }
      return url === PROGRESS_PATH ? { body: PROGRESS } : url === COLUMNS_PATH ? { body: COLUMNS } : undefined
    })
    renderApp(<StudentProgressPage />, route)
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to perform this action.')
    expect(screen.queryByRole('table')).toBeNull()
  })
})
