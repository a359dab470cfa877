/**
 * District roster imports (OneRoster CSV), for staff holding users:write:
 *
 *   POST /api/roster-imports              multipart: `file` (the zip) and `_payload` = {"district": "...", "dryRun": true}
 *   POST /api/roster-imports/:id/confirm  {"confirmLargeChange": true} when a school's guard asks for it
 *
 * Every upload is read, checked and planned first; a dry run stops there and keeps the preview, so
 * that the confirmation applies the same files. Applying plans again against the database as it is
 * then, and asks for a second confirmation when a school would see more than half of its accounts
 * changed (docs/adr/oneroster-imports.md).
 */
import type { Endpoint, PayloadRequest } from 'payload'

import { addDataAndFileToRequest } from 'payload'

import { districtKeyPattern, type RosterImportAnswer, type RosterPreview } from '../../../common/answers/rosterImports'
import { userHasScope } from '../../../common/scopes'
import { badRequest, type Body, forbidden, HttpError, json, notFound, onlyFields, readBody, requireUser, routeParam } from '@cms/http/endpointInput'
import type { RosterImport } from '../../../cms/payload-types'
import { applyImport } from '../apply'
import { readOneRoster, type RosterRecords, RosterFileErrors } from '../oneroster'
import { planImport } from '../plan'

export const rosterImportMessages = {
  noFile: 'Choose the OneRoster .zip file to import.',
  district: 'Give the district key: lowercase letters, digits and dashes, as in the district’s sign-in settings.',
  dryRun: 'dryRun must be true or false.',
  confirmLargeChange: 'confirmLargeChange must be true or false.',
  badFiles: 'The roster has rows that cannot be imported; nothing was imported. Fix the rows listed and upload it again.',
  previewed: 'Here is what the import would change. Nothing has been changed yet.',
  imported: 'The roster was imported.',
  alreadyImported: 'This roster was already imported.',
  largeChange: 'This import would change more than half of the accounts of a school. Check the schools listed, then confirm again to import it anyway.',
} as const

const canImport = (req: PayloadRequest) => {
  const user = requireUser(req)
  if (!userHasScope(user, 'users:write')) throw forbidden()
  return user
}

/** The row errors as a 400 whose field errors name the file and line (`users.csv:7`). */
const rowErrors = (error: RosterFileErrors) =>
  badRequest([
    { path: '', message: rosterImportMessages.badFiles },
    ...error.errors.map((e) => ({ path: e.line ? `${e.file}:${e.line}` : e.file, message: e.message })),
  ])

const answer = (doc: RosterImport, message: string, preview: RosterPreview): RosterImportAnswer => ({
  message,
  id: doc.id,
  district: doc.district,
  fileName: doc.fileName,
  status: doc.status,
  preview,
})

const flag = (body: Body, key: string, message: string): boolean => {
  const value = body[key]
  if (value === undefined) return false
  if (typeof value !== 'boolean') throw badRequest([{ path: key, message }])
  return value
}

/** Plans the records, then applies them unless the guard asks for a second confirmation; the import's record follows. */
const runImport = async (req: PayloadRequest, doc: RosterImport, records: RosterRecords, confirmLargeChange: boolean): Promise<Response> => {
  let plan
  try {
    plan = await planImport(req, doc.district, records)
  } catch (error) {
    if (error instanceof RosterFileErrors) throw rowErrors(error)
    throw error
  }
  if (plan.preview.needsConfirmation && !confirmLargeChange) {
    const updated = await req.payload.update({ collection: 'roster-imports', id: doc.id, data: { preview: plan.preview }, overrideAccess: true, req })
    throw new HttpError(409, rosterImportMessages.largeChange, undefined, answer(updated, rosterImportMessages.largeChange, plan.preview) as never)
  }
  await applyImport(req, plan)
  const updated = await req.payload.update({
    collection: 'roster-imports',
    id: doc.id,
    data: { status: 'imported', importedAt: new Date().toISOString(), preview: plan.preview },
    overrideAccess: true,
    req,
  })
  return json(answer(updated, rosterImportMessages.imported, plan.preview))
}

const upload: Endpoint = {
  path: '/',
  method: 'post',
  handler: async (req) => {
    const user = canImport(req)
    await addDataAndFileToRequest(req)
    const body = (req.data ?? {}) as Body
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequest([{ path: 'district', message: rosterImportMessages.district }])
    onlyFields(body, ['district', 'dryRun'])
    const district = typeof body.district === 'string' ? body.district.trim() : ''
    if (!districtKeyPattern.test(district)) throw badRequest([{ path: 'district', message: rosterImportMessages.district }])
    const dryRun = body.dryRun === undefined ? true : flag(body, 'dryRun', rosterImportMessages.dryRun)
    const file = req.file
    if (!file?.data?.length) throw badRequest([{ path: 'file', message: rosterImportMessages.noFile }])
    let records: RosterRecords
    try {
      records = await readOneRoster(file.data)
    } catch (error) {
      if (error instanceof RosterFileErrors) throw rowErrors(error)
      throw error
    }
    let plan
    try {
      plan = await planImport(req, district, records)
    } catch (error) {
      if (error instanceof RosterFileErrors) throw rowErrors(error)
      throw error
    }
    const doc = await req.payload.create({
      collection: 'roster-imports',
      data: { district, fileName: (file.name || 'roster.zip').slice(0, 255), status: 'previewed', createdBy: user.id, preview: plan.preview, records },
      overrideAccess: true,
      req,
    })
    if (dryRun) return json(answer(doc, rosterImportMessages.previewed, plan.preview), 201)
    return runImport(req, doc, records, false)
  },
}

const confirm: Endpoint = {
  path: '/:id/confirm',
  method: 'post',
  handler: async (req) => {
    canImport(req)
    const id = routeParam(req, 'id')
    const body = await readBody(req)
    onlyFields(body, ['confirmLargeChange'])
    const confirmLargeChange = flag(body, 'confirmLargeChange', rosterImportMessages.confirmLargeChange)
    const doc = await req.payload.findByID({ collection: 'roster-imports', id, depth: 0, overrideAccess: true, req, disableErrors: true })
    if (!doc) throw notFound()
    if (doc.status === 'imported') throw new HttpError(409, rosterImportMessages.alreadyImported)
    return runImport(req, doc, doc.records as RosterRecords, confirmLargeChange)
  },
}

export const rosterImportEndpoints: Endpoint[] = [upload, confirm]
