import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage'
import type { Plugin } from 'vite'
import { catalogueEntries, type NestedCatalogue } from './src/i18n/catalogueEntries.ts'

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
const QUERY = '?compiled'
// The module's own id (virtual, and not ending in .json, or Vite's JSON plugin would parse the code).
const PREFIX = '\0compiled-catalogue:'
const ID_SUFFIX = '.js'
const runtime = fileURLToPath(new URL('./src/i18n/catalogueEntries.ts', import.meta.url))

function compile(key: string, message: string): CompiledMessage {
  try {
    return compileMessageOrThrow(message)
  } catch (error) {
    throw new Error(`The catalogue message ${key} is not ICU as Lingui reads it: ${(error as Error).message}`, { cause: error })
  }
}

/** The messages whose compiled form is not just their text, compiled, by dotted key. */
export function compiledMessages(catalogue: NestedCatalogue): Record<string, CompiledMessage> {
  return Object.fromEntries(
    catalogueEntries(catalogue).flatMap(([key, text]) => {
      const message = compile(key, text)
      // A plain message compiles to [its text]: linguiCatalogue takes that from the JSON itself.
      return message.length === 1 && message[0] === text ? [] : [[key, message]]
    }),
  )
}

export function compiledCatalogues(): Plugin {
  return {
    name: 'civics360:compiled-catalogues',
    enforce: 'pre',
    resolveId: {
      filter: { id: /\.json\?compiled$/ },
      handler(source, importer) {
        if (!importer) return null
        return `${PREFIX}${path.resolve(path.dirname(importer), source.slice(0, -QUERY.length))}${ID_SUFFIX}`
      },
    },
    load: {
      filter: { id: /^\0compiled-catalogue:/ },
      handler(id) {
        const file = id.slice(PREFIX.length, -ID_SUFFIX.length)
        this.addWatchFile(file)
        const compiled = compiledMessages(JSON.parse(fs.readFileSync(file, 'utf8')) as NestedCatalogue)
        return [
          `import catalogue from ${JSON.stringify(file)}`,
          `import { linguiCatalogue } from ${JSON.stringify(runtime)}`,
          `export default linguiCatalogue(catalogue, ${JSON.stringify(compiled)})`,
        ].join('\n')
      },
    },
  }
}
