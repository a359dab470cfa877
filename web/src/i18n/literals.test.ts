import { describe, expect, it } from 'vitest'
// @ts-expect-error -- a plain ES module script (scripts/ has no type declarations)
import { findEnglish, findLiterals, scanSpa } from '../../../scripts/i18nLiterals.mjs'

describe('the literal-string scan', () => {
  it('finds no user-facing words in the translated screens outside the catalogues', () => {
    expect(scanSpa()).toEqual([])
  })

  it('finds text between tags and in text props, and leaves t() calls alone', () => {
    const found = findLiterals(
      'Sample.tsx',
      `export const A = () => <div><h1>Hello there</h1><input aria-label="Your name" placeholder={'Type here'} /><p>{t('a.b')}</p><span> · </span></div>`,
    )
    expect(found.map((literal: { text: string }) => literal.text)).toEqual(['Hello there', 'Your name', 'Type here'])
  })
})

describe('the rendered-screen scan', () => {
  it("finds English interface words and server messages among a Spanish screen's texts, with placeholders filled", () => {
    const found = findEnglish(
      ['Escuchar: Ciudadanía', 'Listen: Citizenship', 'Username or email is required.', 'Escribe tu usuario o tu correo electrónico.', 'Topics'],
      'es',
    )
    expect(found.map((english: { text: string }) => english.text)).toEqual(['Listen: Citizenship', 'Username or email is required.', 'Topics'])
  })

  it('leaves alone what a language writes as English does: the product and proper names', () => {
    expect(findEnglish(['Civics360', 'University of Central Florida', 'Orange County Public Schools'], 'ht')).toEqual([])
  })
})
