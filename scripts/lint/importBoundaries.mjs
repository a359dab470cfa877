// An ESLint rule that checks where an import LEADS, not how it is spelled: every specifier is
// resolved (relative paths, the tsconfig aliases `@cms/…`, `@collections/…`, …, `@payload-config`)
// to a path inside the repository before the layer rules of docs/architecture.md are applied, so
// `../../other/x`, `@cms/x` and a file nested deep in a feature are judged alike.
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const aliasFolders = ['cms', 'collections', 'common', 'access', 'fields', 'endpoints']

/** `**` any folders, `*` any name within one folder, `{a,b}` either. */
const globToRegExp = (glob) => {
  let out = ''
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]
    if (glob.startsWith('**/', i)) {
      out += '(?:.*/)?'
      i += 2
    } else if (glob.startsWith('**', i)) {
      out += '.*'
      i += 1
    } else if (c === '*') out += '[^/]*'
    else if (c === '{') out += '(?:'
    else if (c === '}') out += ')'
    else if (c === ',') out += '|'
    else out += c.replace(/[.+^$()|[\]\\?]/g, '\\$&')
  }
  return new RegExp(`^${out}$`)
}
const matchesAny = (target, globs) => globs.some((glob) => globToRegExp(glob).test(target))

/** The repository path an import leads to (no extension), or the package name for a package. */
export function resolveImport(fromFile, specifier) {
  if (specifier === '@payload-config') return { file: 'cms/payload.config' }
  if (specifier.startsWith('.')) {
    const resolved = path.relative(root, path.resolve(path.dirname(fromFile), specifier))
    return {
      file: resolved
        .split(path.sep)
        .join('/')
        .replace(/\.(d\.ts|tsx?|mjs|js)$/, ''),
    }
  }
  const [first, ...rest] = specifier.split('/')
  if (first.startsWith('@') && aliasFolders.includes(first.slice(1))) {
    return { file: [first.slice(1), ...rest].join('/').replace(/\.(d\.ts|tsx?|mjs|js)$/, '') }
  }
  return { package: specifier }
}

/**
 * Options: a list of boundaries, each `{ from, except?, forbid, allow?, packages?, allowTypes?, message }`:
 * files matching `from` (and not `except`) may not import repository paths matching `forbid` (unless
 * they match `allow`, or `allowTypes` for a type-only import), nor packages named in `packages`.
 * `{feature}` in `from` and `forbid` stands for each name of `features`, the file's own excluded.
 */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Layer and feature boundaries on resolved import paths (docs/architecture.md)' },
    schema: [{ type: 'object', additionalProperties: true }],
  },
  create(context) {
    const { boundaries = [], features = [] } = context.options[0] ?? {}
    const file = path.relative(root, context.filename).split(path.sep).join('/')
    const applicable = []
    for (const boundary of boundaries) {
      const names = boundary.from.includes('{feature}') ? features : [null]
      for (const name of names) {
        const fill = (glob) => (name ? glob.replaceAll('{feature}', name) : glob)
        if (!matchesAny(file, [fill(boundary.from)])) continue
        if (boundary.except && matchesAny(file, boundary.except)) continue
        const forbid = boundary.forbid.flatMap((glob) =>
          glob.includes('{other}') ? features.filter((other) => other !== name).map((other) => glob.replaceAll('{other}', other)) : [glob],
        )
        applicable.push({ ...boundary, forbid, message: fill(boundary.message) })
      }
    }
    if (applicable.length === 0) return {}
    const check = (node, specifier, typeOnly) => {
      if (typeof specifier !== 'string') return
      const target = resolveImport(context.filename, specifier)
      for (const boundary of applicable) {
        if (target.package) {
          const name = target.package
          if ((boundary.packages ?? []).some((pkg) => (pkg.endsWith('/*') ? name.startsWith(pkg.slice(0, -1)) : name === pkg || name.startsWith(pkg + '/')))) {
            context.report({ node, message: `${boundary.message} (imports ${name})` })
          }
          continue
        }
        if (!matchesAny(target.file, boundary.forbid)) continue
        if (boundary.allow && matchesAny(target.file, boundary.allow)) continue
        if (typeOnly && boundary.allowTypes && matchesAny(target.file, boundary.allowTypes)) continue
        context.report({ node, message: `${boundary.message} (imports ${target.file})` })
      }
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value, node.importKind === 'type'),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value, false),
    }
  },
}

export default { rules: { 'import-boundaries': importBoundaries } }
