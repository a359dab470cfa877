import type { CollectionAfterChangeHook, CollectionBeforeDeleteHook } from 'payload'

import { idOf } from '@common/ids'

/**
 * A deleted account's own records go with it (a school's deletion request means all of them):
 * its attempts (with their xAPI state), the tickets it filed and the schools only it could see.
 * Its sessions and classroom membership live on the account's row. Before the delete, inside its
 * transaction: afterwards the database would already have cleared the references.
 */
export const deleteDataOfUser: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.delete({ collection: 'attempts', where: { student: { equals: id } }, overrideAccess: true, req })
  await req.payload.delete({ collection: 'tickets', where: { user: { equals: id } }, overrideAccess: true, req })
  await req.payload.delete({ collection: 'schools', where: { user: { equals: id } }, overrideAccess: true, req })
}

/** A student moved to another classroom: their attempts follow, so the new teacher reads them. */
export const moveAttemptsWithStudent: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  if (operation !== 'update') return doc
  const before = idOf(previousDoc?.attributes?.classroom) ?? null
  const after = idOf(doc?.attributes?.classroom) ?? null
  if (String(before) === String(after)) return doc
  await req.payload.update({
    collection: 'attempts',
    where: { student: { equals: doc.id } },
    data: { classroom: (after as number | null) ?? null },
    overrideAccess: true,
    req,
  })
  return doc
}
