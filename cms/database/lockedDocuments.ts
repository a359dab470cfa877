import type { CollectionBeforeChangeHook, SanitizedConfig } from 'payload'

import { isStaff } from '@access/isStaff'

/**
 * Payload's document locks (`payload-locked-documents`) are the admin panel's "someone is editing
 * this" marks, and a lock makes every other user's save answer 423. Payload creates that collection
 * while the config is sanitized, with access for any signed-in user and no option to change it, so
 * a student could lock, forge or clear an editor's document. Here it is staff only (the people who
 * can enter the admin), and a lock always names the user who writes it.
 */
const lockedBySelf: CollectionBeforeChangeHook = ({ data, req }) => {
  if (req.user) data.user = { relationTo: req.user.collection, value: req.user.id }
  return data
}

export const staffOnlyDocumentLocks = async (config: Promise<SanitizedConfig>): Promise<SanitizedConfig> => {
  const sanitized = await config
  const locks = sanitized.collections.find((collection) => collection.slug === 'payload-locked-documents')
  if (locks) {
    locks.access = { ...locks.access, create: isStaff, read: isStaff, update: isStaff, delete: isStaff }
    locks.hooks.beforeChange = [...(locks.hooks.beforeChange ?? []), lockedBySelf]
  }
  return sanitized
}
