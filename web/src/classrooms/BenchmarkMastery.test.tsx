import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ClassroomMastery } from '../../../common/benchmarks'
import { mockFetch, renderApp } from '../test/render'
import { BenchmarkMastery } from './BenchmarkMastery'

const MASTERY: ClassroomMastery = {
  classroom: { id: 5, name: 'Civics 7A', code: 'ABC123' },
  benchmarks: [
    { id: 4, code: 'SS.7.CG.1.4', framework: 'SS.7.CG', statement: 'Analyze how Enlightenment ideas… influenced the Founding.', reportingCategory: '1' },
    { id: 12, code: 'SS.7.CG.2.1', framework: 'SS.7.CG', statement: null, reportingCategory: '2' },
    { id: 24, code: 'SS.7.CG.3.3', framework: 'SS.7.CG', statement: null, reportingCategory: null },
  ],
  categories: ['1', '2'],
  students: [
    { id: 21, username: 'brave-otter-417', firstName: 'Kim' },
    { id: 22, username: 'calm-heron-88', firstName: 'Lee' },
  ],
  rows: [
    {
      student: 21,
      benchmarks: [
        { done: 1, total: 2, average: 90 },
        { done: 0, total: 1, average: null },
        { done: 0, total: 0, average: null },
      ],
      categories: [
        { done: 1, total: 2, average: 90 },
        { done: 0, total: 1, average: null },
      ],
    },
    {
      student: 22,
      benchmarks: [
        { done: 0, total: 2, average: null },
        { done: 1, total: 1, average: 70 },
        { done: 0, total: 0, average: null },
      ],
      categories: [
        { done: 0, total: 2, average: null },
        { done: 1, total: 1, average: 70 },
      ],
    },
  ],
}

describe('the benchmarks’ mastery', () => {
  it('shows each student’s cell per taught benchmark in words, then per reporting category, with the CSV address', async () => {
    mockFetch(({ url }) => (url === '/api/classrooms/5/benchmarks' ? { body: MASTERY } : undefined))
    renderApp(<BenchmarkMastery classroomId={5} />)
    const table = await screen.findByRole('table', { name: 'Mastery of Florida benchmarks by each student, Civics 7A' })
    // 3.3 is taught by no activity: left out, and said so.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Student', 'SS.7.CG.1.4 Category 1', 'SS.7.CG.2.1 Category 2'])
    expect(screen.getByText('1 benchmark is not taught by any activity yet and not shown.')).toBeInTheDocument()
    const kim = within(table).getByRole('rowheader', { name: /Kim/ }).closest('tr')!
    expect(
      within(kim)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1 of 2 done · 90%', '0 of 1 done'])
    expect(screen.getByRole('link', { name: 'Download Benchmarks CSV' })).toHaveAttribute('href', '/api/classrooms/5/benchmarks/csv')
    // The scroll area is reachable from the keyboard, as the grid's.
    expect(screen.getByRole('region', { name: 'Benchmark mastery (scrolls sideways)' })).toHaveAttribute('tabindex', '0')

    await userEvent.setup().selectOptions(screen.getByLabelText('Group by'), 'categories')
    const byCategory = screen.getByRole('table')
    expect(
      within(byCategory)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Student', 'Category 1: Origins and Purposes of Law and Government', 'Category 2: Roles, Rights, and Responsibilities of Citizens'])
    const lee = within(byCategory).getByRole('rowheader', { name: /Lee/ }).closest('tr')!
    expect(
      within(lee)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0 of 2 done', '1 of 1 done · 70%'])
  })
})
