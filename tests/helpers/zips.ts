/**
 * Building zips for tests, including hostile ones. yazl refuses to write malicious names, so a
 * valid zip is built first and then patched byte for byte (names of the same length, sizes, flags).
 * The same technique as cms/packages/storyline/extract.test.ts.
 */
import yazl from 'yazl'

export interface EntrySpec {
  name: string
  data?: string | Buffer
  dir?: boolean
  /** Unix mode including the type bits, e.g. 0o120777 for a symlink */
  mode?: number
  compress?: boolean
}

export async function buildZip(specs: EntrySpec[]): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  for (const s of specs) {
    if (s.dir) zip.addEmptyDirectory(s.name, s.mode === undefined ? {} : { mode: s.mode })
    else {
      const data = typeof s.data === 'string' || s.data === undefined ? Buffer.from(s.data ?? '') : s.data
      zip.addBuffer(data, s.name, { compress: s.compress ?? true, ...(s.mode === undefined ? {} : { mode: s.mode }) })
    }
  }
  zip.end()
  const chunks: Buffer[] = []
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk)
  return Buffer.concat(chunks)
}

export interface ZipRecord {
  central: number
  local: number
  name: string
}

/** Walks the central directory (yazl output: no zip64, no archive comment). */
export function records(buf: Buffer): ZipRecord[] {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  const count = buf.readUInt16LE(eocd + 10)
  let p = buf.readUInt32LE(eocd + 16)
  const out: ZipRecord[] = []
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error(`no central directory record at ${p}`)
    const n = buf.readUInt16LE(p + 28)
    const m = buf.readUInt16LE(p + 30)
    const k = buf.readUInt16LE(p + 32)
    out.push({ central: p, local: buf.readUInt32LE(p + 42), name: buf.toString('utf8', p + 46, p + 46 + n) })
    p += 46 + n + m + k
  }
  return out
}

export function recordFor(buf: Buffer, name: string): ZipRecord {
  const rec = records(buf).find((r) => r.name === name)
  if (!rec) throw new Error(`no entry ${name}`)
  return rec
}

/** Rewrites an entry's name (same byte length) in both the local header and the central directory. */
export function renameEntry(buf: Buffer, from: string, to: string): Buffer {
  const rec = recordFor(buf, from)
  const bytes = Buffer.from(to, 'utf8')
  if (bytes.length !== Buffer.byteLength(from)) throw new Error('renameEntry needs names of the same byte length')
  bytes.copy(buf, rec.central + 46)
  bytes.copy(buf, rec.local + 30)
  return buf
}

/** Overwrites an entry's declared sizes or flags in both headers. */
export function patchEntry(buf: Buffer, name: string, patch: { uncompressedSize?: number; compressedSize?: number; flagsOr?: number }): Buffer {
  const rec = recordFor(buf, name)
  if (patch.uncompressedSize !== undefined) {
    buf.writeUInt32LE(patch.uncompressedSize, rec.central + 24)
    buf.writeUInt32LE(patch.uncompressedSize, rec.local + 22)
  }
  if (patch.compressedSize !== undefined) {
    buf.writeUInt32LE(patch.compressedSize, rec.central + 20)
    buf.writeUInt32LE(patch.compressedSize, rec.local + 18)
  }
  if (patch.flagsOr !== undefined) {
    buf.writeUInt16LE(buf.readUInt16LE(rec.central + 8) | patch.flagsOr, rec.central + 8)
    buf.writeUInt16LE(buf.readUInt16LE(rec.local + 6) | patch.flagsOr, rec.local + 6)
  }
  return buf
}

/** A zip with a story.html plus one entry whose name is then rewritten to `evilName`. */
export async function zipWithName(evilName: string, placeholder: string, story = 'EVIL'): Promise<Buffer> {
  const buf = await buildZip([
    { name: 'story.html', data: story },
    { name: placeholder, data: 'pwned' },
  ])
  return renameEntry(buf, placeholder, evilName)
}
