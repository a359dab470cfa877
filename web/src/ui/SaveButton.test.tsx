import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SaveButton } from './SaveButton'

describe('SaveButton', () => {
  it('is a normal enabled button by default', () => {
    render(<SaveButton label="Save Theme" />)
    const button = screen.getByRole('button', { name: 'Save Theme' })
    expect(button).toBeEnabled()
    expect(screen.queryByText('Saved!')).toBeNull()
  })

  it("is disabled and reads 'Saving' while loading", () => {
    render(<SaveButton label="Save Theme" loading />)
    const button = screen.getByRole('button', { name: 'Saving' })
    expect(button).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Save Theme' })).toBeNull()
  })

  it("shows 'Saved!' beside it on success", () => {
    render(<SaveButton label="Save Theme" success />)
    expect(screen.getByRole('button', { name: 'Save Theme' })).toBeEnabled()
    expect(screen.getByRole('status')).toHaveTextContent('Saved!')
  })
})
