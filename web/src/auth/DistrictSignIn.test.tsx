import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { field, mockFetch, renderApp } from '../test/render'
import { DistrictSignIn } from './DistrictSignIn'
import { LoginPage } from './LoginPage'

const twoDistricts = () =>
  mockFetch(({ url }) =>
    url === '/api/identity-providers/districts'
      ? {
          body: {
            districts: [
              { key: 'lincoln', name: 'Lincoln County Schools' },
              { key: 'springfield', name: 'Springfield Public Schools' },
            ],
          },
        }
      : undefined,
  )

describe('Sign in with your district', () => {
  it('lists the configured districts on /login and leaves for the chosen one with the return path', async () => {
    const user = userEvent.setup()
    twoDistricts()
    const navigate = vi.fn()
    renderApp(<DistrictSignIn redirect="/modules/4" navigate={navigate} />)
    const picker = await screen.findByRole('combobox', { name: 'Your school district' })
    expect([...picker.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Choose your district',
      'Lincoln County Schools',
      'Springfield Public Schools',
    ])
    await user.selectOptions(picker, 'springfield')
    await user.click(screen.getByRole('button', { name: 'Sign in with your district' }))
    expect(navigate).toHaveBeenCalledWith('/authenticate/district/springfield?redirect=%2Fmodules%2F4')
  })

  it('asks for a district before leaving', async () => {
    const user = userEvent.setup()
    twoDistricts()
    const navigate = vi.fn()
    renderApp(<DistrictSignIn redirect={null} navigate={navigate} />)
    await user.click(await screen.findByRole('button', { name: 'Sign in with your district' }))
    expect(await screen.findByText('Choose your district first.')).toBeInTheDocument()
    expect(navigate).not.toHaveBeenCalled()
  })

  it('shows nothing on /login while no district is configured', async () => {
    const { find } = mockFetch(({ url }) => (url === '/api/identity-providers/districts' ? { body: { districts: [] } } : undefined))
    renderApp(<LoginPage />, { route: '/login', path: '/login' })
    await vi.waitFor(() => expect(find('GET', '/api/identity-providers/districts')).toHaveLength(1))
    expect(screen.queryByRole('button', { name: 'Sign in with your district' })).toBeNull()
    expect(field('Username or Email')).toBeInTheDocument()
  })

  it("words a district sign-in's refusal on /login", () => {
    mockFetch(() => undefined)
    renderApp(<LoginPage />, { route: '/login?error=district_code', path: '/login' })
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This sign-in was already used or has expired, so it was refused. Please sign in with your district again.',
    )
  })
})
