/**
 * Storyline package upload and removal on an activity:
 *
 *   POST   /api/activities/:id/storyline   multipart/form-data, the .zip in the field `file`
 *   DELETE /api/activities/:id/storyline
 *
 * The upload is streamed to a temporary file on disk (a package can be hundreds of MB, so it is
 * never held in memory), checked and unpacked by `installStorylinePackage` (cms/packages/storyline/extract.ts),
 * and only then recorded on the activity. The temporary file is always deleted.
 *
 * Payload's own multipart parser (`addDataAndFileToRequest`) is not used here: it takes one
 * Payload-wide `upload` config, and its 50 MB file limit is the right one for media but not for
 * packages, which go up to STORYLINE_MAX_TOTAL_MB. busboy is the parser Payload itself uses.
 */
import { nullUnlessUnreachable } from '@cms/database/databaseErrors'
import { createWriteStream } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'

import busboy from 'busboy'
import type { Endpoint, PayloadRequest } from 'payload'

import { userHasScope } from '../../../common/scopes'
import { uploadsDir, uploadTmpDir } from '@cms/config/paths'
import {
  type InstalledPackage,
  installStorylinePackage,
  removeStorylinePackage,
  StorylinePackageError,
  type StorylineLimits,
  storylineLimitsFromEnv,
} from '@cms/packages/storyline/extract'
import { PackageBucketError } from '@cms/packages/storyline/packageBucket'
import { forbidden, HttpError, json, notFound, requireUser, routeParam } from '@cms/http/endpointInput'

const MB = 1024 * 1024

export const bucketRefused =
  "The file storage did not accept the package, so it was not saved and the previous package still plays. Try again in a few minutes, or ask the site's operator."

/**
 * The largest .zip accepted. A zip is about as large as its contents when they do not compress
 * (Storyline's media), plus a header per entry, so the unpacked limit plus room for the headers.
 */
export const storylineUploadLimit = (limits: StorylineLimits): number => limits.maxTotalBytes + limits.maxEntries * 1024 + MB

/** What the activity records about an installed package, in the order it records them. */
const recordedFields = ['filename', 'fileCount', 'totalBytes', 'uploadedAt', 'standard', 'launchFile', 'xapiActivityId', 'masteryScore', 'cmi5'] as const
type RecordedField = (typeof recordedFields)[number]

export const storylineRecord = (installed: InstalledPackage) =>
  Object.fromEntries(recordedFields.map((field) => [field, installed[field]])) as { [K in RecordedField]: InstalledPackage[K] }

const emptyStoryline = Object.fromEntries(recordedFields.map((field) => [field, null])) as Record<RecordedField, null>

const noFile = () => new HttpError(400, 'Choose a Storyline package (.zip) to upload, sent as the form field "file".')

/** 401 without a session, 403 without activities:write. */
const requireActivitiesWrite = (req: PayloadRequest) => {
  const user = requireUser(req)
  if (!userHasScope(user as { scopes?: string[] | null }, 'activities:write')) {
    throw forbidden('You need the activities:write permission to change Storyline packages.')
  }
  return user
}

const findActivity = async (req: PayloadRequest) => {
  const id = routeParam(req, 'id')
  const doc = await req.payload
    .findByID({ collection: 'activities', id, req, depth: 0, overrideAccess: false, disableErrors: true })
    .catch(nullUnlessUnreachable) // an id of the wrong shape for the database is simply not found
  if (!doc) throw notFound('Activity not found.')
  return doc
}

export const storylineUploadEndpoint: Endpoint = {
  path: '/:id/storyline',
  method: 'post',
  handler: async (req) => {
    // Everything that can refuse the request is checked before a byte of the body is read.
    requireActivitiesWrite(req)
    const activity = await findActivity(req)
    if (activity.type !== 'storyline') {
      throw new HttpError(400, 'This activity is not a Storyline activity. Set its type to Storyline quiz first.')
    }
    const limits = storylineLimitsFromEnv()
    const maxUpload = storylineUploadLimit(limits)
    const declared = Number(req.headers.get('content-length') || 0)
    if (declared > maxUpload + MB) throw tooLarge(maxUpload)

    await mkdir(uploadTmpDir(), { recursive: true, mode: 0o700 })
    const tmp = await mkdtemp(path.join(uploadTmpDir(), 'storyline-'))
    try {
      const upload = await receiveZip(req, tmp, maxUpload)
      let installed
      try {
        installed = await installStorylinePackage({
          zipPath: upload.path,
          uploadsDir,
          activityId: activity.id,
          filename: upload.filename,
          limits,
        })
      } catch (error) {
        if (error instanceof StorylinePackageError) throw new HttpError(400, error.message)
        if (error instanceof PackageBucketError) {
          req.payload.logger.error({ err: error }, `The bucket did not store the Storyline package of activity ${activity.id}`)
          throw new HttpError(503, bucketRefused)
        }
        throw error
      }
      const doc = await req.payload.update({
        collection: 'activities',
        id: activity.id,
        // The group is closed to request data (field access); only this endpoint sets it.
        data: { storyline: storylineRecord(installed) },
        req,
        overrideAccess: true,
        depth: 1,
      })
      return json({ message: 'Storyline package uploaded.', doc, warnings: installed.warnings })
    } finally {
      await rm(tmp, { recursive: true, force: true })
    }
  },
}

export const storylineRemoveEndpoint: Endpoint = {
  path: '/:id/storyline',
  method: 'delete',
  handler: async (req) => {
    requireActivitiesWrite(req)
    const activity = await findActivity(req)
    await removeStorylinePackage(uploadsDir, activity.id)
    const doc = await req.payload.update({
      collection: 'activities',
      id: activity.id,
      data: { storyline: emptyStoryline },
      req,
      overrideAccess: true,
      depth: 1,
    })
    return json({ message: 'Storyline package removed.', doc })
  },
}

export const storylineEndpoints: Endpoint[] = [storylineUploadEndpoint, storylineRemoveEndpoint]

/** Clears the package record when a hook removed the files (type changed away from storyline). */
export const clearedStoryline = () => ({ ...emptyStoryline })

// ---------------------------------------------------------------------------

type Received = { path: string; filename: string; size: number; named: boolean }

const tooLarge = (limit: number) => new HttpError(413, `The package is too large to upload; the limit is ${Math.round((limit / MB) * 10) / 10} MB.`)

/** The client's file name, as a label only: no folders, no control characters, bounded. */
const cleanFilename = (name: string | undefined): string => {
  const base = path.posix.basename((name ?? '').replace(/\\/g, '/'))
  const clean = base
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255)
  return clean || 'package.zip'
}

/**
 * Streams the multipart body's `file` part into `<dir>/upload.zip`, stopping at `maxBytes`.
 * Other fields are ignored; a second file is refused.
 */
const receiveZip = (req: PayloadRequest, dir: string, maxBytes: number): Promise<Received> => {
  const contentType = req.headers.get('content-type') || ''
  if (!/^multipart\/form-data\b/i.test(contentType) || !req.body) return Promise.reject(noFile())
  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      defParamCharset: 'utf8',
      limits: { files: 1, fileSize: maxBytes, fields: 20, fieldSize: 64 * 1024, parts: 40, headerPairs: 100 },
    })
  } catch {
    return Promise.reject(new HttpError(400, 'The upload is not a valid multipart form.'))
  }
  const source = Readable.fromWeb(req.body as unknown as NodeReadableStream)
  const target = path.join(dir, 'upload.zip')

  return new Promise<Received>((resolve, reject) => {
    let settled = false
    let writing: Promise<Received> | undefined
    let out: ReturnType<typeof createWriteStream> | undefined

    const fail = (error: unknown) => {
      if (settled) return
      settled = true
      // Stop parsing, but keep reading the rest of the body and throw it away: a client that is
      // still sending then gets the answer instead of a reset connection. The rest is small (the
      // declared length was checked) or bounded by the server-wide MAX_UPLOAD_MB.
      source.unpipe(parser)
      source.on('data', () => undefined)
      const drained = new Promise<void>((done) => {
        if (source.readableEnded || source.destroyed) return done()
        source
          .once('end', done)
          .once('error', () => done())
          .once('close', done)
        source.resume()
      })
      // busboy may still touch the current file right after a 'limit' event: destroy it afterwards.
      queueMicrotask(() => {
        parser.destroy()
        out?.destroy()
      })
      // The write is settled before answering, so the caller's cleanup never races an open file.
      const written = writing
        ? writing.then(
            () => undefined,
            () => undefined,
          )
        : Promise.resolve()
      void Promise.all([drained, written]).then(() => reject(translate(error, maxBytes)))
    }

    parser.on('file', (field, stream, info) => {
      if (settled || field !== 'file') {
        stream.resume() // not ours: drain and ignore
        return
      }
      let size = 0
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length
      })
      stream.on('limit', () => fail(tooLarge(maxBytes)))
      out = createWriteStream(target, { flags: 'wx', mode: 0o600 })
      const named = Boolean(info.filename)
      writing = pipeline(stream, out).then(() => ({ path: target, filename: cleanFilename(info.filename), size, named }))
      writing.catch(fail)
    })
    parser.on('filesLimit', () => fail(new HttpError(400, 'Upload one .zip file at a time.')))
    parser.on('partsLimit', () => fail(new HttpError(400, 'The upload has too many form fields.')))
    parser.on('fieldsLimit', () => fail(new HttpError(400, 'The upload has too many form fields.')))
    parser.on('error', (error) => fail(error))
    parser.on('close', () => {
      if (settled) return
      if (!writing) return fail(noFile())
      writing.then((received) => {
        if (settled) return
        // A form sent with no file chosen has a "file" part with no name and no bytes.
        if (!received.size && !received.named) return fail(noFile())
        settled = true
        resolve(received)
      }, fail)
    })
    source.on('error', fail) // the client went away, or the server-wide body limit stopped it
    source.pipe(parser)
  })
}

const translate = (error: unknown, maxBytes: number): unknown => {
  if (error instanceof HttpError) return error
  const status = (error as { status?: number }).status
  if (status === 413) return tooLarge(maxBytes)
  if (error instanceof Error && /Unexpected end of form|Malformed|boundary/i.test(error.message)) {
    return new HttpError(400, 'The upload was cut off or is not a valid multipart form. Try again.')
  }
  return error
}
