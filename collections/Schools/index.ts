import type { Access, CollectionConfig } from 'payload'

import { authenticated } from '../../access/authenticated'
import { ownerOrScope } from '../../access/ownerOrScope'
import { scopesOf, userHasScope } from '../../common/scopes'
import { schoolMessages, schoolSearch } from './hooks/schoolSearch'
import { hiddenUnless } from '../../access/adminHidden'
import { rosterGroup } from '../../fields/roster'

/** Shared schools (no owner) are visible to everyone signed in; a school a user created only to them. */
const sharedOrOwn: Access = ({ req }) => {
  if (!req.user) return false
  if (userHasScope(req.user, 'users:read')) return true
  return { or: [{ user: { equals: req.user.id } }, { user: { exists: false } }] }
}

const requiredText = (message: string) => (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? (value.length <= 200 ? true : 'Use at most 200 characters.') : message

export const Schools: CollectionConfig = {
  slug: 'schools',
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'district', 'state', 'country', 'user'], group: 'People', hidden: hiddenUnless(...scopesOf('users')) },
  access: {
    read: sharedOrOwn,
    create: authenticated,
    update: ownerOrScope('user', 'users:write'),
    delete: ownerOrScope('user', 'users:write'),
  },
  hooks: {
    beforeOperation: [schoolSearch],
    beforeChange: [
      ({ data, req, operation }) => {
        // A school made by a user belongs to that user; only staff may create shared ones.
        if (operation === 'create' && req.user && !userHasScope(req.user, 'users:write')) data.user = req.user.id
        return data
      },
    ],
  },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 200, index: true, validate: requiredText(schoolMessages.name) },
    { name: 'district', type: 'text', required: true, maxLength: 200, validate: requiredText(schoolMessages.district) },
    { name: 'state', type: 'text', maxLength: 200 },
    { name: 'country', type: 'text', maxLength: 200 },
    {
      name: 'user',
      type: 'relationship',
      relationTo: 'users',
      index: true,
      access: { update: ({ req }) => userHasScope(req.user, 'users:write') },
      admin: { description: 'The account that created this school. Empty for shared schools.' },
    },
    rosterGroup(),
  ],
}
