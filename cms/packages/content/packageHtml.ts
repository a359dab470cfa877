/**
 * A package's HTML pages are served with the storage shim (storage-shim.js) as the first thing in
 * their <head>, so it replaces document.cookie and the storage objects before any of the package's
 * own scripts runs: the launch file, nested frames (analytics-frame.html), web objects. The files
 * stay as uploaded; the shim is inserted as they are sent (packageFiles.ts), or into the compressed
 * copies made at upload (cms/packages/storyline/precompress.ts).
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))

export const storageShimFile = () => path.join(here, 'storage-shim.js')

/** The tag inserted; an absolute path on the content origin, which no package can write to. */
export const storageShimTag = '<script src="/launcher/storage-shim.js"></script>'

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
