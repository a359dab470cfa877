import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { useListParams } from './useListParams'

/** A search committed and a filter chosen before the list has drawn again (a quick hand, or a test). */
function SearchThenFilter() {
  const list = useListParams('-createdAt')
  const location = useLocation()
  return (
    <>
      <button
        type="button"
        onClick={() => {
          list.update({ q: 'teacher@school.test' })
          list.update({ action: 'student-progress' })
        }}
      >
        Search and filter
      </button>
      <output>{location.search}</output>
    </>
  )
}

describe('a list’s parameters in the address', () => {
  it('keep a search when a filter is chosen before the page has drawn again', async () => {
    const user = userEvent.setup()
    render(
      <MemoryRouter initialEntries={['/console/audit-log?page=3']}>
        <SearchThenFilter />
      </MemoryRouter>,
    )
    await user.click(screen.getByRole('button', { name: 'Search and filter' }))
    const search = new URLSearchParams(screen.getByRole('status').textContent ?? '')
    expect(Object.fromEntries(search)).toEqual({ q: 'teacher@school.test', action: 'student-progress' })
  })
})
