import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage'
import { describe, expect, it } from 'vitest'
import { catalogueEntries as entries, type NestedCatalogue } from './catalogueEntries'
import enFirstPaint from './locales/en.json'
import enScreens from './locales/en.screens.json'
import es from './locales/es.json'
import ht from './locales/ht.json'

/** English is two files (the entry's words and the lazy screens'), one catalogue once joined. */
const en: NestedCatalogue = { ...enFirstPaint, ...enScreens }

it('splits English without a section in both files', () => {
  expect(Object.keys(enFirstPaint).filter((key) => key in enScreens)).toEqual([])
})

/** Names of institutions: a university's name is the same in every language. */
const PROPER_NAMES = ['shell.footer.ucf', 'shell.footer.ocps', 'shell.footer.bobGraham']

/** The names a message fills in (`{title}`, `{count, plural, …}`), as Lingui's compiler reads them (a message it cannot read fails). */
function variables(text: string): string[] {
  const names = new Set<string>()
  const collect = (message: CompiledMessage) => {
    for (const token of message) {
      if (typeof token === 'string') continue
      names.add(token[0])
      if (token[2] && typeof token[2] === 'object') Object.values(token[2]).forEach((branch) => Array.isArray(branch) && collect(branch))
    }
  }
  collect(compileMessageOrThrow(text))
  return [...names].sort()
}

describe.each([
  ['es', es],
  ['ht', ht],
])('the %s catalogue', (_language, catalogue) => {
  const english = new Map(entries(en))
  const translated = new Map(entries(catalogue as NestedCatalogue))

  it('has every key English has, and none English lacks', () => {
    expect([...english.keys()].filter((key) => !translated.has(key))).toEqual([])
    expect([...translated.keys()].filter((key) => !english.has(key))).toEqual([])
  })

  it('fills every key, with the same {placeholders} as English', () => {
    for (const [key, text] of english) {
      const words = translated.get(key) ?? ''
      expect(words.trim(), key).not.toBe('')
      expect(variables(words), key).toEqual(variables(text))
    }
  })

  it('keeps proper names (institutions, districts) as they are written in English', () => {
    for (const key of PROPER_NAMES) expect(translated.get(key), key).toBe(english.get(key))
  })
})

describe('the key comparison', () => {
  it('notices a missing nested key', () => {
    const english = entries({ a: { b: 'x', c: 'y' } }).map(([key]) => key)
    const partial = new Set(entries({ a: { b: 'x' } }).map(([key]) => key))
    expect(english.filter((key) => !partial.has(key))).toEqual(['a.c'])
  })
})
