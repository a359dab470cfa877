import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfirmEmailNotice } from '../auth/ConfirmEmailNotice'
import { makeUser, renderApp } from '../test/render'
import { changeLanguage } from './i18n'

afterEach(async () => {
  await changeLanguage('en')
})

// Sentences with a bold part come from one catalogue entry through <Trans>, so translators can
// move the bold words; the English sentence must stay the spec's.
describe('a sentence with a bold part', () => {
  const user = makeUser({ email: 'ana@example.org', emailVerified: false })

  it('reads as before in English, with the address in bold', () => {
    renderApp(<ConfirmEmailNotice />, { user })
    const address = screen.getByText('ana@example.org')
    expect(address.tagName).toBe('STRONG')
    expect(address.parentElement).toHaveTextContent('We sent a confirmation link to ana@example.org. Open it to confirm that this email is yours.')
  })

  it('reads in Haitian Creole with the address still in bold', async () => {
    await changeLanguage('ht')
    renderApp(<ConfirmEmailNotice />, { user })
    const address = screen.getByText('ana@example.org')
    expect(address.tagName).toBe('STRONG')
    expect(address.parentElement).toHaveTextContent('Nou voye yon lyen konfimasyon bay ana@example.org.')
    expect(screen.getByRole('button', { name: 'Voye imèl konfimasyon an ankò' })).toBeInTheDocument()
  })
})
