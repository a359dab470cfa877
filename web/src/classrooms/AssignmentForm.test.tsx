import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { TopicColumns } from '../../../common/progress'
import { oneModuleTopic } from '../test/progressColumns'
import { field, makeUser, renderApp } from '../test/render'
import { AssignmentForm } from './AssignmentForm'

const columns: TopicColumns[] = [
  oneModuleTopic({ id: 1, title: 'Branches' }, { id: 10, title: 'Checks and balances' }, [
    { id: 100, title: 'Read the Constitution', type: 'readings' },
    { id: 101, title: 'Branches quiz', type: 'storyline' },
  ]),
]
const students = [
  { id: 5, username: 'brave-otter-417', firstName: 'Ana', lastName: null, providers: [] },
  { id: 6, username: 'calm-heron-220', firstName: 'Ben', lastName: null, providers: [] },
]

/** The teacher's assignment form: what it refuses before calling the server, and what it sends. */
describe('assignment form', () => {
  it('asks for a title and something to do before calling the server', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    renderApp(
      <AssignmentForm assignment={null} timeZone="America/Chicago" columns={columns} students={students} onSubmit={onSubmit} onCancel={() => undefined} />,
      {
        user: makeUser(),
      },
    )
    await user.click(screen.getByRole('button', { name: 'Assign' }))
    expect(await screen.findByText('Give the assignment a title.')).toBeInTheDocument()
    expect(screen.getByText('Choose at least one module or activity.')).toBeInTheDocument()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('sends times on the classroom clock, the chosen module, activity and students', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn().mockResolvedValue(undefined)
    renderApp(
      <AssignmentForm assignment={null} timeZone="America/Chicago" columns={columns} students={students} onSubmit={onSubmit} onCancel={() => undefined} />,
      {
        user: makeUser(),
      },
    )
    await user.type(field('Title'), 'Week 3')
    const due = field('Due date')
    await user.clear(due)
    await user.type(due, '2030-03-06')
    await user.click(screen.getByRole('checkbox', { name: 'Checks and balances (whole module, 2 activities)' }))
    await user.click(screen.getByText('Single activities of Checks and balances'))
    await user.click(screen.getByRole('checkbox', { name: 'Branches quiz' }))
    await user.click(screen.getByRole('radio', { name: 'Chosen students' }))
    await user.click(screen.getByRole('button', { name: 'Assign' }))
    expect(await screen.findByText('Choose at least one student, or give it to the whole class.')).toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: /^Ben/ }))
    await user.click(screen.getByRole('button', { name: 'Assign' }))
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled())
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Week 3',
      instructions: '',
      state: 'published',
      dueAt: '2030-03-06T23:59',
      availableFrom: null,
      modules: ['10'],
      activities: ['101'],
      students: ['6'],
    })
    // A whole form typed key by key takes longer than the default allows on a busy machine.
  }, 30_000)
})
