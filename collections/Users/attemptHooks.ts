import type { CollectionAfterChangeHook } from 'payload'

import { idOf } from '@common/ids'

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
