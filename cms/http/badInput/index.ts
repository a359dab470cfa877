import fs from 'node:fs'
import path from 'node:path'

import { type Endpoint, NotFound, type SanitizedCollectionConfig, type SanitizedConfig } from 'payload'

import { rejectMalformedInput } from './guard'
import { keepRequiredReferences, requiredReferencesTo } from './references'

export { badInputAnswer } from './errors'

/**
 * Payload's file route answers 500 for a file name it cannot find on disk (it reserves that for a
 * document whose file went missing); a name that is not there is a 404 to the client.
 */
const serveOnlyExistingFiles = (collection: SanitizedCollectionConfig, endpoint: Endpoint): Endpoint => ({
  ...endpoint,
  handler: async (req) => {
    const dir = path.resolve((collection.upload && collection.upload.staticDir) || collection.slug)
    const name = req.routeParams?.filename
    const file = typeof name === 'string' ? path.resolve(dir, name) : dir
    // Names outside the folder are left to Payload, which refuses them with a 400.
    if (file.startsWith(dir + path.sep) && !(await fs.promises.stat(file).catch(() => null))) throw new NotFound(req.t)
    return endpoint.handler(req)
  },
})

/**
 * Puts the guard first in every collection's beforeOperation hooks, Payload's own collections
 * (preferences, locked documents, key-value) included: those are added while the config is
 * sanitized, so the guard is added to the sanitized config. A document that a required
 * relationship still points at cannot be deleted (409). Closes the `/versions` routes Payload
 * generates for collections without versions: they query a version table that does not exist, so
 * they could only fail (such paths then reach `/:id` and answer 404). An upload collection's file
 * route answers 404 for names that are not on disk.
 */
export const guardEveryCollection = async (config: Promise<SanitizedConfig>): Promise<SanitizedConfig> => {
  const sanitized = await config
  for (const collection of sanitized.collections) {
    collection.hooks.beforeOperation = [rejectMalformedInput, ...(collection.hooks.beforeOperation ?? [])]
    const references = requiredReferencesTo(sanitized, collection.slug)
    // Last: a collection's own hooks first delete what follows the document (a student's or an
    // activity's attempts); what still points at it after them keeps it (the delete is one transaction).
    if (references.length) collection.hooks.beforeDelete = [...(collection.hooks.beforeDelete ?? []), keepRequiredReferences(references)]
    if (!collection.endpoints) continue
    if (!collection.versions) collection.endpoints = collection.endpoints.filter((e) => !e.path.startsWith('/versions'))
    // Payload's preference delete by key fails on both SQL adapters (its query joins a column that is not there); the admin does not use it.
    if (collection.slug === 'payload-preferences') collection.endpoints = collection.endpoints.filter((e) => !(e.method === 'delete' && e.path === '/:key'))
    // (Only for files on local disk: with object storage the file is in the bucket.)
    if (collection.upload && !collection.upload.disableLocalStorage)
      collection.endpoints = collection.endpoints.map((e) => (e.method === 'get' && e.path === '/file/:filename' ? serveOnlyExistingFiles(collection, e) : e))
  }
  return sanitized
}
