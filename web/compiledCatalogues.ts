import fs from 'node:fs'
import path from 'node:path'
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage'
import type { Plugin } from 'vite'

/**
 * Lingui's runtime only interpolates compiled messages (its production build has no ICU parser),
 * so the interface catalogues are compiled when they are bundled: `import messages from
 * './locales/es.json?compiled'` gives Lingui's flat catalogue, `{ 'shell.nav.topics': ['Topics'],
 * … }`, with the nested keys joined by dots. A plain `import en from './locales/en.json'` still
 * gives the English text itself (the forms' messages share it, i18n/messages.ts).
 *
 * Lingui's own Vite plugin reads catalogues through a lingui config and @lingui/cli, one flat file
 * per language; ours are nested, and English is two files (the first paint's and the screens'),
 * so this small transform runs Lingui's own compiler on them instead. It runs in the tests too, so
 * they read what the browser reads. A message Lingui cannot read fails the build.
 */
const SUFFIX = '.json?compiled'
// The module's own id (virtual, and not ending in .json, or Vite's JSON plugin would parse the code).
const PREFIX = '\0compiled-catalogue:'
const ID_SUFFIX = '.js'

type Catalogue = { [key: string]: string | Catalogue }

function compile(key: string, message: string): CompiledMessage {
  try {
    return compileMessageOrThrow(message)
  } catch (error) {
    throw new Error(`The catalogue message ${key} is not ICU as Lingui reads it: ${(error as Error).message}`)
  }
}

/** Every message of a nested catalogue, compiled, under its dotted key. */
export function compileCatalogue(catalogue: Catalogue, prefix = ''): Record<string, CompiledMessage> {
  return Object.fromEntries(
    Object.entries(catalogue).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, compile(`${prefix}${key}`, value)]] : Object.entries(compileCatalogue(value, `${prefix}${key}.`)),
    ),
  )
}

export function compiledCatalogues(): Plugin {
  return {
    name: 'civics360:compiled-catalogues',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!source.endsWith(SUFFIX) || !importer) return null
      return `${PREFIX}${path.resolve(path.dirname(importer), source.slice(0, -'?compiled'.length))}${ID_SUFFIX}`
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null
      const file = id.slice(PREFIX.length, -ID_SUFFIX.length)
      this.addWatchFile(file)
      const catalogue = JSON.parse(fs.readFileSync(file, 'utf8')) as Catalogue
      return { code: `export default ${JSON.stringify(compileCatalogue(catalogue))}`, map: null }
    },
  }
}
