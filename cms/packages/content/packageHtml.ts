/**
 * A package's HTML pages are served with the storage shim (storage-shim.js) as the first thing in
 * their <head>, so it replaces document.cookie and the storage objects before any of the package's
 * own scripts runs: the launch file, nested frames (analytics-frame.html), web objects. The files
 * stay as uploaded; the shim is inserted as they are sent (packageFiles.ts), or into the compressed
 * copies made at upload (cms/packages/storyline/precompress.ts).
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))

export const storageShimFile = () => path.join(here, 'storage-shim.js')

/** Where the content origin serves the shim: an absolute path, which no package can write to. */
const storageShimPath = '/launcher/storage-shim.js'
/** The tag inserted. */
export const storageShimTag = `<script src="${storageShimPath}"></script>`

/**
 * Inserts the shim's tag right after <head …> (else after <html …>, else after the doctype, else
 * first). Works on the bytes as latin1, so a page in any ASCII-compatible encoding stays as it was.
 */
export const withStorageShim = (page: Buffer): Buffer => {
  const text = page.toString('latin1')
  const at = [/<head(?:\s[^>]*)?>/i, /<html(?:\s[^>]*)?>/i, /<!doctype[^>]*>/i].map((pattern) => pattern.exec(text)).find(Boolean)
  const index = at ? at.index + at[0].length : 0
  return Buffer.concat([page.subarray(0, index), Buffer.from(storageShimTag, 'latin1'), page.subarray(index)])
}

/** A script type the browser runs as a classic script (what `rel=preload as=script` fetches the same way). */
const classicScript = /^(?:|text\/javascript|application\/javascript|text\/ecmascript|application\/ecmascript)$/i
/** A path of the package itself, written plainly enough to stand in a `Link` header unchanged. */
const packagePath = /^(?![a-z][a-z0-9+.-]*:)(?!\/\/)[A-Za-z0-9._~!$&'()*+=:@/%?-]+$/i
/** At most this many: a page's first scripts and stylesheets are what hold its first paint. */
const MAX_PRELOADS = 16

const attributesOf = (tag: string): Map<string, string> => {
  const found = new Map<string, string>()
  for (const [, name, quoted, single, bare] of tag.matchAll(/\s([a-z-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/gi))
    found.set(name.toLowerCase(), (quoted ?? single ?? bare ?? '').replace(/&amp;/g, '&').trim())
  return found
}

/**
 * The files a page makes the browser fetch before it can run, in the page's order: its classic
 * `<script src>` and `<link rel=stylesheet>` of the package's own files, as `Link: rel=preload`
 * entries, after the storage shim the page is served with. The browser starts them when the page's
 * headers arrive, instead of after it has received and read the page: on a slow or shared link the
 * first slide's scripts start a round trip sooner. Anything a preload would fetch differently than
 * the tag (CORS, integrity, modules, another address, a `<base>`) is left to the page.
 */
export const pagePreloads = (page: Buffer): string => {
  const text = page.toString('latin1').replace(/<!--[\s\S]*?-->/g, '')
  const links = [`<${storageShimPath}>; rel=preload; as=script`]
  if (/<base[\s>]/i.test(text)) return links.join(', ')
  for (const [tag, name] of text.matchAll(/<(script|link)(?:\s[^>]*)?>/gi)) {
    if (links.length > MAX_PRELOADS) break
    const attributes = attributesOf(tag)
    if (attributes.has('crossorigin') || attributes.has('integrity')) continue
    const isScript = name.toLowerCase() === 'script'
    const url = attributes.get(isScript ? 'src' : 'href') ?? ''
    if (!packagePath.test(url)) continue
    if (isScript && !attributes.has('nomodule') && classicScript.test(attributes.get('type') ?? '')) links.push(`<${url}>; rel=preload; as=script`)
    const media = attributes.get('media')
    if (!isScript && attributes.get('rel')?.toLowerCase() === 'stylesheet' && (!media || /^(?:all|screen)$/i.test(media)))
      links.push(`<${url}>; rel=preload; as=style`)
  }
  return links.join(', ')
}

/** A version's files never change: each page's preloads are read once per process. */
const preloadsByFile = new Map<string, string>()
const MAX_CACHED_PAGES = 2000

/** `pagePreloads` of the page at `file`; remembered when the file is a version's (`immutable`). */
export const pagePreloadsOf = async (file: string, immutable: boolean): Promise<string> => {
  const known = preloadsByFile.get(file)
  if (known !== undefined) return known
  const links = pagePreloads(await readFile(file))
  if (immutable) {
    // The oldest entry goes first: the pages of packages opened lately stay.
    if (preloadsByFile.size >= MAX_CACHED_PAGES) preloadsByFile.delete(preloadsByFile.keys().next().value as string)
    preloadsByFile.set(file, links)
  }
  return links
}
