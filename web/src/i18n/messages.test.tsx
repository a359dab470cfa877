import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ErrorNotice, SuccessNotice } from '../ui/Notice'
import { EMAIL_REQUIRED } from '../ui/messages'
import { TextInput } from '../ui/TextInput'
import { changeLanguage } from './i18n'
import { translateMessage } from './messages'

afterEach(async () => {
  await changeLanguage('en')
})

describe('the product messages in the reader’s language', () => {
  it('shows a yup message on a field in Spanish, and again in English after switching back', async () => {
    await changeLanguage('es')
    render(<TextInput label="Correo" error={EMAIL_REQUIRED} touched />)
    expect(screen.getByText('El correo electrónico es obligatorio.')).toBeInTheDocument()
    await act(() => changeLanguage('en'))
    expect(screen.getByText(EMAIL_REQUIRED)).toBeInTheDocument()
  })

  it('translates a notice given as one of the messages and leaves a server’s words alone', async () => {
    await changeLanguage('ht')
    render(
      <>
        <SuccessNotice>{EMAIL_REQUIRED}</SuccessNotice>
        <ErrorNotice error={new Error('Ya existe.')} />
      </>,
    )
    expect(screen.getByRole('status')).toHaveTextContent('Imèl la obligatwa.')
    expect(screen.getByRole('alert')).toHaveTextContent('Ya existe.')
    expect(translateMessage('Not one of ours: really.')).toBe('Not one of ours: really.')
  })
})
