import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeUser, renderApp } from '../test/render'
import { UserSidebar } from './UserSidebar'

function links() {
  return screen.queryAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])
}

describe('user sidebar', () => {
  it('is hidden until the profile is completed', () => {
    renderApp(<UserSidebar user={makeUser({}, { type: 'teacher', completed: false })} />)
    expect(screen.queryByRole('navigation')).toBeNull()
  })

  it('shows students Profile and Theme only', () => {
    renderApp(<UserSidebar user={makeUser({}, { type: 'student', completed: true })} />)
    expect(links()).toEqual([
      ['Profile', '/user/profile'],
      ['Theme', '/user/theme'],
    ])
  })

  it.each(['teacher', 'independent', 'parent'] as const)('shows a %s Accounts and Classrooms too', (type) => {
    renderApp(<UserSidebar user={makeUser({}, { type, completed: true })} />)
    expect(screen.getByRole('navigation', { name: 'Settings' })).toBeInTheDocument()
    expect(links()).toEqual([
      ['Profile', '/user/profile'],
      ['Accounts', '/user/security'],
      ['Classrooms', '/user/classrooms'],
      ['Theme', '/user/theme'],
    ])
  })
})
