import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { errorFromText } from '../api/client'
import { field, makeUser, renderApp } from '../test/render'
import { AddStudentsDialog } from './AddStudentsDialog'

/** The server's refusals of a bulk creation (unconfirmed email, a full classroom, the daily cap) reach the teacher as it words them. */
describe('add students dialog', () => {
  it.each([
    [403, 'Confirm your email address before creating student accounts: open the link we sent you, or send a new one from the notice at the top of the page.'],
    [409, 'This classroom has room for 10 more students (60 at most); you asked for 20. Add fewer, or use another classroom.'],
    [429, 'You can create 20 more student accounts today (300 a day at most); you asked for 25. Add fewer, or try again tomorrow.'],
  ])('shows the %s answer in the dialog, which stays open', async (status, message) => {
    const user = userEvent.setup()
    const addStudents = vi.fn().mockRejectedValue(errorFromText(status, JSON.stringify({ errors: [{ message }] })))
    const onCreated = vi.fn()
    renderApp(<AddStudentsDialog addStudents={addStudents} onCreated={onCreated} onClose={() => undefined} />, { user: makeUser() })
    await user.type(field('Number of students'), '20')
    await user.click(screen.getByRole('button', { name: 'Create Accounts' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(addStudents).toHaveBeenCalledWith({ count: 20 })
    expect(onCreated).not.toHaveBeenCalled()
  })

  it('asks for a number from 1 to 60, a classroom at most, before calling the server', async () => {
    const user = userEvent.setup()
    const addStudents = vi.fn()
    renderApp(<AddStudentsDialog addStudents={addStudents} onCreated={() => undefined} onClose={() => undefined} />, { user: makeUser() })
    await user.type(field('Number of students'), '61')
    await user.click(screen.getByRole('button', { name: 'Create Accounts' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a number from 1 to 60.')
    expect(addStudents).not.toHaveBeenCalled()
  })
})
