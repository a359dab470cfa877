import { afterEach, describe, expect, it } from 'vitest'
import { catalogueEntries } from './catalogueEntries'
import { changeLanguage, i18n } from './i18n'
import enFirstPaint from './locales/en.json'
import enScreens from './locales/en.screens.json'

// The catalogues are ICU messages that Lingui reads compiled (web/compiledCatalogues.ts, which
// these tests go through as the browser does). English must read exactly as the spec writes it.
afterEach(async () => {
  await changeLanguage('en')
})

const english = catalogueEntries({ ...enFirstPaint, ...enScreens })

describe('the English interface through Lingui', () => {
  it('reads every message as written, apostrophes included, with each {placeholder} filled', () => {
    for (const [key, text] of english.filter(([, text]) => !text.includes('plural') && !text.includes("'{"))) {
      // Filling a placeholder with its own name must give back the catalogue's text.
      const names = Object.fromEntries([...text.matchAll(/\{(\w+)\}/g)].map(([placeholder, name]) => [name, placeholder]))
      expect(i18n._(key, names), key).toBe(text)
    }
    expect(i18n._('classrooms.roster.deleteTitle', { username: 'ana4' })).toBe("Delete ana4's account?")
  })

  it('shows a quoted brace as a brace', () => {
    expect(i18n._('console.form.slugHint')).toBe('The page lives at /{slug}: lower-case letters, digits and dashes.')
  })

  it('picks the singular or plural words by count, and writes the count as it is', () => {
    expect(i18n._('console.pagination.items', { count: 1 })).toBe('1 item')
    expect(i18n._('console.pagination.items', { count: 1234 })).toBe('1234 items')
    expect(i18n._('console.pagination.page', { page: 2, totalPages: 3, count: 41 })).toBe('Page 2 of 3 (41 items)')
    expect(i18n._('classrooms.list.studentCount', { count: 0 })).toBe('0 students')
  })

  it('picks the plural words of the chosen language', async () => {
    await changeLanguage('es')
    expect(i18n._('classrooms.list.studentCount', { count: 1 })).toBe('1 estudiante')
    expect(i18n._('classrooms.list.studentCount', { count: 3 })).toBe('3 estudiantes')
    expect(i18n.locale).toBe('es')
  })
})
