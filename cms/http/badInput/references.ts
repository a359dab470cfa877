import { APIError, type CollectionBeforeDeleteHook, type FlattenedField, type SanitizedConfig } from 'payload'

type Reference = { collection: string; path: string }

/** Paths of required single relationships to `slug`: their columns are NOT NULL, so a referenced document cannot go. */
export const requiredReferencesTo = (config: SanitizedConfig, slug: string): Reference[] => {
  // Payload's `where` reaches into one level of arrays, not into an array inside an array.
  const walk = (collection: string, fields: FlattenedField[], prefix: string, inArray: boolean): Reference[] =>
    fields.flatMap((f) => {
      if ((f.type === 'relationship' || f.type === 'upload') && f.relationTo === slug && !f.hasMany && f.required)
        return [{ collection, path: prefix + f.name }]
      if (f.type === 'group' || f.type === 'tab') return walk(collection, f.flattenedFields, `${prefix}${f.name}.`, inArray)
      if (f.type === 'array' && !inArray) return walk(collection, f.flattenedFields, `${prefix}${f.name}.`, true)
      return []
    })
  return config.collections.flatMap((c) => walk(c.slug, c.flattenedFields, '', false))
}

/**
 * Deleting a document that others still require would make the database null their reference and
 * fail its NOT NULL constraint (a 500, and nothing deleted): answer 409 and say what still needs it.
 * Runs after the delete access check, so only someone allowed to delete learns this.
 */
export const keepRequiredReferences =
  (references: Reference[]): CollectionBeforeDeleteHook =>
  async ({ id, req }) => {
    for (const { collection, path: refPath } of references) {
      const { totalDocs } = await req.payload.count({ collection: collection as never, where: { [refPath]: { equals: id } }, overrideAccess: true, req })
      if (totalDocs > 0)
        throw new APIError(`This document is still used by ${totalDocs} ${collection} (${refPath}). Delete or change those first.`, 409, undefined, true)
    }
  }
