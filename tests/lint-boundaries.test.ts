import path from 'node:path'

import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The layer rules of docs/architecture.md, as `npm run lint` applies them: probe files that are
// never written to disk, linted as if they stood at the given path.
const root = path.resolve(import.meta.dirname, '..')
const eslint = new ESLint({ cwd: root })

const boundaryErrors = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) })
  return result.messages.filter((message) => message.ruleId === 'local/import-boundaries').map((message) => message.message)
}

describe('import boundaries, on the path an import leads to', () => {
  it('refuses a file deep in a feature that imports another feature', async () => {
    const errors = await boundaryErrors('web/src/classrooms/api/deep/probe.ts', "import { x } from '../../../console/consoleApi'\nexport const y = x\n")
    expect(errors).toEqual([expect.stringContaining('Features never import one another: move what classrooms/ shares')])
  })

  it('allows a feature to import its own subfolders and the shared folders', async () => {
    const errors = await boundaryErrors(
      'web/src/classrooms/api/deep/probe.ts',
      "import { a } from '../../ProgressGrid'\nimport { b } from '../../../api/client'\nimport { c } from '../../../ui/Modal'\nexport const y = [a, b, c]\n",
    )
    expect(errors).toEqual([])
  })

  it('refuses server code in the web app, however it is spelled, but allows the generated types as types', async () => {
    const refused = await boundaryErrors('web/src/ui/probe.ts', "import { x } from '../../../cms/http/endpointInput'\nexport const y = x\n")
    expect(refused).toEqual([expect.stringContaining('The web app never imports server code')])
    const typesOnly = await boundaryErrors('web/src/ui/probe.ts', "import type { User } from '../../../cms/payload-types'\nexport type U = User\n")
    expect(typesOnly).toEqual([])
    const payload = await boundaryErrors('web/src/ui/probe.ts', "import { getPayload } from 'payload'\nexport const y = getPayload\n")
    expect(payload).toEqual([expect.stringContaining('(imports payload)')])
  })

  it('refuses the server app in a collection, through an alias as through a relative path', async () => {
    for (const specifier of ['@cms/http/expressApp', '../../cms/http/expressApp', '@payload-config', '@cms/startup/boot']) {
      const errors = await boundaryErrors('collections/Users/probe.ts', `import x from '${specifier}'\nexport const y = x\n`)
      expect(errors, specifier).toEqual([expect.stringContaining('never import the server app')])
    }
    expect(await boundaryErrors('collections/Users/probe.ts', "import { x } from '@cms/http/endpointInput'\nexport const y = x\n")).toEqual([])
  })

  it('lets the cache plugin be reached only through its index', async () => {
    const internal = await boundaryErrors('collections/Users/probe.ts', "import { x } from '@cms/cache/accountCache'\nexport const y = x\n")
    expect(internal).toEqual([expect.stringContaining('The caches are one plugin')])
    const nested = await boundaryErrors('cms/http/deep/probe.ts', "import { x } from '../../cache/publicCache'\nexport const y = x\n")
    expect(nested).toEqual([expect.stringContaining('The caches are one plugin')])
    expect(await boundaryErrors('collections/Users/probe.ts', "import { cachePlugin } from '@cms/cache'\nexport const y = cachePlugin\n")).toEqual([])
    expect(await boundaryErrors('cms/cache/probe.ts', "import { x } from './accountCache'\nexport const y = x\n")).toEqual([])
  })

  it('keeps common/ free of either side', async () => {
    const errors = await boundaryErrors('common/probe.ts', "import { x } from '@collections/Users'\nexport const y = x\n")
    expect(errors).toEqual([expect.stringContaining('common/ holds constants')])
  })
})
