// The "no literal string outside the catalogues" check: finds words a user would read
// written straight into the SPA's JSX (text between tags, and the text-bearing props below),
// instead of coming from web/src/i18n/locales through t(). Run `node scripts/i18nLiterals.mjs`
// (exits 1 when it finds any); web/src/i18n/literals.test.ts runs it with the test suite.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const source = path.join(root, 'web', 'src')

/** Props whose value people read or hear. */
const TEXT_PROPS = new Set(['label', 'placeholder', 'title', 'alt', 'aria-label', 'helperText', 'hint', 'stateLabel', 'legend', 'emptyText', 'description'])

/** Has a letter: punctuation, symbols and numbers alone are not words to translate. */
const WORDS = /\p{L}{2,}/u

/**
 * Screens still to move into the catalogues. Shrink this list, never grow it: a new screen
 * starts translated. (Each path is relative to web/src.)
 */
export const PENDING = new Set([])

/** Literal user-facing strings in one file's JSX: [{ line, text }]. */
export function findLiterals(fileName, text) {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const found = []
  const report = (node, value) => found.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: value.trim() })
  const visit = (node) => {
    if (ts.isJsxText(node) && WORDS.test(node.text)) report(node, node.text)
    if (ts.isJsxAttribute(node) && TEXT_PROPS.has(node.name.getText(file)) && node.initializer) {
      const value = node.initializer
      if (ts.isStringLiteral(value) && WORDS.test(value.text)) report(node, value.text)
      if (
        ts.isJsxExpression(value) &&
        value.expression &&
        (ts.isStringLiteral(value.expression) || ts.isNoSubstitutionTemplateLiteral(value.expression)) &&
        WORDS.test(value.expression.text)
      )
        report(node, value.expression.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

const screens = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'test' ? [] : screens(full)
    // Tests and their helpers (consoleTestServer.tsx) are not screens.
    return entry.name.endsWith('.tsx') && !/test/i.test(entry.name) ? [full] : []
  })

/** Every literal in the SPA's screens outside PENDING: [{ file, line, text }]. */
export function scanSpa() {
  return screens(source).flatMap((full) => {
    const file = path.relative(source, full).split(path.sep).join('/')
    if (PENDING.has(file)) return []
    return findLiterals(file, fs.readFileSync(full, 'utf8')).map((literal) => ({ file, ...literal }))
  })
}

const readJson = (file) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'))

const leaves = (tree, prefix = '') =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[prefix + key, value]] : leaves(value, `${prefix}${key}.`)))

/**
 * Everything English a reader might meet on a rendered screen: the interface's English catalogue
 * (web/src/i18n/locales) and the server's English messages (cms/http/messages), except what the
 * language's own catalogue writes the same way (a product name, a proper name).
 * Messages with {placeholders} match any words in their place; ICU plurals are left out.
 */
export function englishTexts(language) {
  const english = leaves({ ...readJson('web/src/i18n/locales/en.json'), ...readJson('web/src/i18n/locales/en.screens.json') })
  const translated = new Map(leaves(readJson(`web/src/i18n/locales/${language}.json`)))
  const server = Object.entries(readJson(`cms/http/messages/${language}.json`))
  return [...english.filter(([key, text]) => translated.get(key) !== text).map(([, text]) => text), ...server.filter(([en, tr]) => en !== tr).map(([en]) => en)]
    .filter((text) => WORDS.test(text) && !/, (plural|select)/.test(text))
    .map((text) => ({
      text,
      pattern: new RegExp(
        `^${text
          .split(/\{\w+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.+')}$`,
      ),
    }))
}

/**
 * The English interface words among a rendered screen's texts (its text and its alt, aria-label,
 * title and placeholder attributes, outside any element marked lang="en"): [{ text, english }].
 */
export function findEnglish(texts, language) {
  const known = englishTexts(language)
  return texts.flatMap((text) => {
    const match = known.find(({ pattern }) => pattern.test(text.trim()))
    return match ? [{ text: text.trim(), english: match.text }] : []
  })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const literals = scanSpa()
  for (const { file, line, text } of literals) console.log(`web/src/${file}:${line}: "${text}" is not from a catalogue`)
  console.log(`${literals.length} literal string(s) outside the catalogues; ${PENDING.size} screen(s) still pending.`)
  process.exitCode = literals.length ? 1 : 0
}
