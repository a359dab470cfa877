import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { errorText, ErrorNotice } from './Notice'
import { PasswordInput } from './PasswordInput'
import { TextArea } from './TextArea'
import { TextInput } from './TextInput'

describe('form widgets', () => {
  it('marks a required field with a dot that has accessible text', () => {
    render(<TextInput label="Email" required />)
    expect(screen.getByRole('textbox', { name: 'Email (required)' })).toHaveAttribute('aria-required', 'true')
    expect(screen.getByText('•')).toHaveAttribute('aria-hidden', 'true')
  })

  it('shows the error and helper text only when touched and in error', () => {
    const { rerender } = render(<TextInput label="Email" error="Email is required." helperText="Use your school email." />)
    expect(screen.queryByText('Email is required.')).toBeNull()
    expect(screen.queryByText('Use your school email.')).toBeNull()
    rerender(<TextInput label="Email" error="Email is required." helperText="Use your school email." touched />)
    const input = screen.getByLabelText('Email')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('Email is required. Use your school email.')
  })

  it('starts the password masked and toggles it with a named button', async () => {
    const user = userEvent.setup()
    render(<PasswordInput label="Password" />)
    const input = screen.getByLabelText('Password')
    expect(input).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(input).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(input).toHaveAttribute('type', 'password')
  })

  it('gives the textarea its class with the 16em minimum height', () => {
    render(<TextArea label="Markdown" />)
    expect(screen.getByLabelText('Markdown')).toHaveClass('textarea')
  })

  it('falls back from the server message to the error message to the general one', () => {
    expect(errorText(new Error('No classroom found with that code.'))).toBe('No classroom found with that code.')
    expect(errorText(new Error(''))).toBe('An error occurred.')
    expect(errorText(undefined)).toBe('An error occurred.')
    render(<ErrorNotice error={null} />)
    expect(screen.getByRole('alert')).toHaveTextContent('An error occurred.')
  })
})
