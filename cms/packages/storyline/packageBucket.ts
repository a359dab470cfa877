/**
 * Storyline packages in the S3-compatible bucket (`S3_BUCKET`), the same layout as on disk:
 *
 *   storyline/<id>/package                      the live version's name (the pointer)
 *   storyline/<id>/<version>/files/<path>       the package as uploaded
 *   storyline/<id>/<version>/{br,gz}/<path>     its compressed copies
 *
 * An upload is unpacked and compressed in the instance's temporary folder, every object of the
 * version is stored, and only then is the pointer written: one PUT, which readers see whole or not
 * at all, so a crash or a refused PUT leaves the previous version playing. Files are streamed from
 * the bucket through the content origin with its own headers, never by a redirect to the bucket.
 * See docs/adr/storyline-packages-in-the-bucket.md.
 */
import { createReadStream } from 'node:fs'
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import {
  DeleteObjectsCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3'

import { uploadTmpDir } from '../../config/paths'
import { checkedActivityId, POINTER, versionPattern } from './packageFolders'
import type { PackageArea, PackageFileAt, PackageStore } from './packageStore'

const ROOT = 'storyline/'
/** Objects stored at once: enough to keep the connection busy, few enough not to flood the bucket. */
const PARALLEL = 6
/**
 * A version no pointer names whose newest object is older than this is what a crashed upload left.
 * Younger ones may be another instance's upload in progress, which writes objects all along.
 */
const ABANDONED_AFTER_MS = 15 * 60 * 1000

const LAUNCH_PAGE = 'story.html'
const areaFolder: Record<PackageArea, string> = { files: 'files', br: 'br', gzip: 'gz' }

/** The bucket refused or could not be reached while a package was stored; the previous package still plays. */
export class PackageBucketError extends Error {
  constructor(cause: unknown) {
    super(`The bucket did not store the package: ${(cause as Error)?.message ?? String(cause)}`, { cause })
    this.name = 'PackageBucketError'
  }
}

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode
const isMissing = (error: unknown) => ['NoSuchKey', 'NotFound'].includes((error as Error)?.name) || statusOf(error) === 404

/** Every file of a folder, as `/`-separated paths inside it. */
const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
}

/** Runs `work` on every item, `PARALLEL` at a time; after the first failure no new item starts, and that failure is thrown. */
const inBatches = async <T>(items: T[], work: (item: T) => Promise<void>): Promise<void> => {
  let next = 0
  let failure: { error: unknown } | undefined
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]
      try {
        await work(item)
      } catch (error) {
        failure ??= { error }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker))
  if (failure) throw failure.error
}

export const bucketPackageStore = ({ bucket, config }: { bucket: string; config: S3ClientConfig }): PackageStore => {
  // A bucket that stops answering fails a request, rather than holding a start (repair) or a student's file for ever.
  const client = new S3Client({ ...config, requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 } })
  const Bucket = bucket
  const prefixOf = (activityId: string) => `${ROOT}${checkedActivityId(activityId)}/`
  const keyOf = (at: PackageFileAt) => (at.version ? `${prefixOf(at.activityId)}${at.version}/${areaFolder[at.area]}/${at.path}` : null)
  /** Versions are stored whole and never change, so one that was seen stays known (a removed one then answers 404 per file). */
  const knownVersions = new Set<string>()

  const list = async (Prefix: string, Delimiter?: string) => {
    const pages: ListObjectsV2CommandOutput[] = []
    let ContinuationToken: string | undefined
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, Delimiter, ContinuationToken }))
      pages.push(page)
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (ContinuationToken)
    return {
      objects: pages.flatMap((page) => page.Contents ?? []),
      folders: pages.flatMap((page) => (page.CommonPrefixes ?? []).map((common) => common.Prefix ?? '')),
    }
  }
  const remove = async (keys: string[]) => {
    for (let start = 0; start < keys.length; start += 1000) {
      const chunk = keys.slice(start, start + 1000)
      const answer = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: chunk.map((Key) => ({ Key })), Quiet: true } }))
      if (answer.Errors?.length)
        throw new Error(`The bucket did not remove ${answer.Errors.length} objects, first ${answer.Errors[0].Key}: ${answer.Errors[0].Message}`)
    }
  }
  const removeUnder = async (prefix: string) => remove((await list(prefix)).objects.map((object) => object.Key!).filter(Boolean))
  const get = async (Key: string, Range?: string): Promise<GetObjectCommandOutput | null> => {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key, Range }))
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }
  const liveVersion = async (activityId: string) => {
    const pointer = await get(`${prefixOf(activityId)}${POINTER}`)
    const name = pointer ? (await pointer.Body!.transformToString()).trim() : ''
    return versionPattern.test(name) ? name : null
  }

  return {
    async stagingFolder(activityId) {
      checkedActivityId(activityId)
      // The instance's own temporary folder: what a crash leaves there goes at its next start (repair).
      await mkdir(uploadTmpDir(), { recursive: true, mode: 0o700 })
      return mkdtemp(path.join(uploadTmpDir(), 'storyline-'))
    },
    async storeVersion(activityId, stagingDir, version) {
      const prefix = `${prefixOf(activityId)}${version}/`
      const files = await filesUnder(stagingDir)
      try {
        await inBatches(files, async (rel) => {
          const file = path.join(stagingDir, ...rel.split('/'))
          const { size } = await stat(file)
          await client.send(new PutObjectCommand({ Bucket, Key: `${prefix}${rel}`, Body: createReadStream(file), ContentLength: size }))
        })
      } catch (error) {
        throw new PackageBucketError(error)
      }
      await rm(stagingDir, { recursive: true, force: true }).catch(() => {})
    },
    async makeLive(activityId, version) {
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: `${prefixOf(activityId)}${POINTER}`, Body: `${version}\n`, ContentType: 'text/plain' }))
      } catch (error) {
        throw new PackageBucketError(error)
      }
    },
    liveVersion,
    async hasVersion(activityId, version) {
      // Every version has its story.html (the installer makes one when the export has none).
      const Key = `${prefixOf(activityId)}${version}/files/${LAUNCH_PAGE}`
      if (knownVersions.has(Key)) return true
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key }))
      } catch (error) {
        if (isMissing(error)) return false
        throw error
      }
      knownVersions.add(Key)
      return true
    },
    async removeAllBut(activityId, live) {
      const prefix = prefixOf(activityId)
      const keep = (key: string) => key === `${prefix}${POINTER}` || key.startsWith(`${prefix}${live}/`)
      await remove((await list(prefix)).objects.map((object) => object.Key!).filter((key) => key && !keep(key)))
    },
    async discard(activityId, stagingDir, version) {
      await rm(stagingDir, { recursive: true, force: true })
      if (version) await removeUnder(`${prefixOf(activityId)}${version}/`)
    },
    async removePackage(activityId) {
      const prefix = prefixOf(activityId)
      await remove([`${prefix}${POINTER}`])
      await removeUnder(prefix)
    },
    async repair(uploadTmpDir) {
      const removed: string[] = []
      for (const name of await readdir(uploadTmpDir).catch(() => [] as string[])) {
        if (!name.startsWith('storyline-')) continue
        await rm(path.join(uploadTmpDir, name), { recursive: true, force: true })
        removed.push(path.join(uploadTmpDir, name))
      }
      const now = Date.now()
      for (const activityPrefix of (await list(ROOT, '/')).folders) {
        const activityId = activityPrefix.slice(ROOT.length, -1)
        if (!/^[A-Za-z0-9_-]+$/.test(activityId)) continue
        const live = await liveVersion(activityId)
        const newest = new Map<string, number>()
        for (const object of (await list(activityPrefix)).objects) {
          const version = object.Key!.slice(activityPrefix.length).split('/')[0]
          if (version === POINTER || version === live) continue
          newest.set(version, Math.max(newest.get(version) ?? 0, object.LastModified?.getTime() ?? 0))
        }
        for (const [version, lastWritten] of newest) {
          if (now - lastWritten < ABANDONED_AFTER_MS) continue
          await removeUnder(`${activityPrefix}${version}/`)
          removed.push(`s3://${bucket}/${activityPrefix}${version}/`)
        }
      }
      return removed
    },
    async read(at) {
      const key = keyOf(at)
      const found = key ? await get(key) : null
      return found ? Buffer.from(await found.Body!.transformToByteArray()) : null
    },
    async send(req, res, next, at, options) {
      const key = keyOf(at)
      if (!key) return false
      // With If-Range the client may hold another version of the file: it gets the whole file, which is always right.
      const range = options.ranges && !req.headers['if-range'] ? req.headers.range : undefined
      let found: GetObjectCommandOutput | null
      try {
        found = await get(key, range)
      } catch (error) {
        if (statusOf(error) !== 416) throw error
        options.prepare()
        res.status(416).type('text/plain').send('Range not satisfiable.')
        return true
      }
      if (!found) return false
      const body = found.Body as Readable
      options.prepare()
      res.type(options.typeOf)
      if (options.encoding) res.setHeader('Content-Encoding', options.encoding)
      if (found.ETag) res.setHeader('ETag', found.ETag)
      if (found.LastModified) res.setHeader('Last-Modified', found.LastModified.toUTCString())
      if (options.ranges) res.setHeader('Accept-Ranges', 'bytes')
      // Revalidation is answered here: the bucket's validators are the file's.
      if (req.fresh) {
        body.destroy()
        res.status(304).end()
        return true
      }
      if (found.ContentRange) {
        res.status(206)
        res.setHeader('Content-Range', found.ContentRange)
      }
      if (found.ContentLength !== undefined) res.setHeader('Content-Length', String(found.ContentLength))
      if (req.method === 'HEAD') {
        body.destroy()
        res.end()
        return true
      }
      pipeline(body, res).catch((error: unknown) => {
        // A client that went away is not an error; a bucket that broke off mid-file ends the answer.
        if (!res.headersSent) next(error)
        else res.destroy()
      })
      return true
    },
  }
}
