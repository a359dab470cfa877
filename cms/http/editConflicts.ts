import type { CollectionBeforeOperationHook, Plugin } from 'payload'

import { HttpError } from './endpointInput'

/**
 * Two editors on one document: the console sends the whole form, so the later save of a form
 * opened earlier would silently erase what the other saved in between. A save that says which
 * version it was made against (`If-Match: "<updatedAt>"`, the document's version tag, or
 * `If-Unmodified-Since: <HTTP date>`) is refused with 412 when the document changed since, and
 * the answer says when it changed and which of the sent fields now differ from what is stored.
 * A save that says nothing is not checked (API clients and scripts work as before); the console
 * always says. docs/adr/edit-conflicts-refused-by-version.md.
 */

export const staleSaveMessage = 'Someone else saved this since you opened it. Reload to see their changes, or overwrite them with yours.'

/** The version tag of a document: its `updatedAt`, quoted as an HTTP entity tag. */
export const versionTag = (updatedAt: string) => `"${updatedAt}"`

type Precondition = { ifMatch?: string[]; ifUnmodifiedSince?: number }

const precondition = (headers: Headers): Precondition | undefined => {
  const ifMatch = headers.get('if-match')
  if (ifMatch?.trim())
    return {
      ifMatch: ifMatch
        .split(',')
        .map((tag) => tag.trim().replace(/^W\//, ''))
        .filter(Boolean),
    }
  const since = headers.get('if-unmodified-since')
  if (since?.trim()) {
    const time = Date.parse(since)
    if (Number.isNaN(time)) throw new HttpError(400, `If-Unmodified-Since must be an HTTP date (such as ${new Date(0).toUTCString()}).`)
    return { ifUnmodifiedSince: time }
  }
  return undefined
}

const isCurrent = (wanted: Precondition, updatedAt: string) => {
  if (wanted.ifMatch) return wanted.ifMatch.includes('*') || wanted.ifMatch.includes(versionTag(updatedAt))
  // HTTP dates have whole seconds: a save within the same second as the last one is not told apart.
  return Math.floor(Date.parse(updatedAt) / 1000) * 1000 <= (wanted.ifUnmodifiedSince ?? 0)
}

/** A relationship as its id, so a populated value and an id compare equal. */
const comparable = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(comparable)
  if (value && typeof value === 'object' && 'id' in value) return (value as { id: unknown }).id
  return value
}

/** The sent fields whose value differs from the stored one. */
const differingFields = (sent: Record<string, unknown>, stored: Record<string, unknown>) =>
  Object.keys(sent).filter((field) => field in stored && JSON.stringify(comparable(sent[field])) !== JSON.stringify(comparable(stored[field])))

const refuseStaleSave: CollectionBeforeOperationHook = async ({ args, collection, operation, req }) => {
  if (operation !== 'update' || !req.headers) return args
  const id = (args as { id?: number | string }).id
  // The document the request itself names, once: hooks that save other documents with the same
  // request are not held to its precondition.
  if (id === undefined || String(id) !== String(req.routeParams?.id) || req.routeParams?.collection !== collection.slug) return args
  if (req.context.versionChecked) return args
  const wanted = precondition(req.headers)
  if (!wanted) return args
  req.context.versionChecked = true
  // In the save's language, so `differs` compares like with like.
  const stored = (await req.payload.findByID({
    collection: collection.slug,
    id,
    depth: 0,
    locale: req.locale ?? undefined,
    overrideAccess: true,
    disableErrors: true,
    req,
  })) as (Record<string, unknown> & { updatedAt?: string }) | null
  if (!stored?.updatedAt || isCurrent(wanted, stored.updatedAt)) return args
  const sent = ((args as { data?: Record<string, unknown> }).data ?? {}) as Record<string, unknown>
  throw new HttpError(412, staleSaveMessage, undefined, {
    updatedAt: stored.updatedAt,
    version: versionTag(stored.updatedAt),
    differs: differingFields(sent, stored),
  })
}

/** Every collection with timestamps refuses a save made against an older version, when the save names its version. */
export const refuseStaleSaves: Plugin = (config) => ({
  ...config,
  collections: (config.collections ?? []).map((collection) =>
    collection.timestamps === false
      ? collection
      : { ...collection, hooks: { ...collection.hooks, beforeOperation: [...(collection.hooks?.beforeOperation ?? []), refuseStaleSave] } },
  ),
})
