import type { CollectionConfig } from 'payload'

import { hiddenUnless } from '../../access/adminHidden'
import { nobody } from '../../access/nobody'
import { assignmentStates } from '../../common/assignments'
import { scopesOf, userHasAnyScope } from '../../common/scopes'
import { assignmentEndpoints } from './endpoints/assignments'

/**
 * Work a teacher hands out to a classroom, or to some of its students: modules and single
 * activities, with a title, instructions, an "available from" time and a due time (instants in
 * UTC; the classroom's time zone reads and shows them). Written only through its endpoints
 * (collections/Assignments/endpoints), which check the classroom, the items and the students.
 * See docs/adr/assignments.md.
 */
export const Assignments: CollectionConfig = {
  slug: 'assignments',
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'classroom', 'state', 'dueAt'],
    group: 'People',
    hidden: hiddenUnless(...scopesOf('users')),
  },
  defaultSort: 'dueAt',
  access: {
    // The classroom's teacher and users:read staff, as for the progress grid; students read theirs
    // through GET /api/assignments/mine, which shows only what is open to them.
    read: ({ req: { user } }) => {
      if (!user) return false
      if (userHasAnyScope(user, ['users:read', 'users:write'])) return true
      if (user.attributes?.type === 'student') return false
      return { 'classroom.owner': { equals: user.id } }
    },
    create: nobody,
    update: nobody,
    delete: nobody,
  },
  endpoints: assignmentEndpoints,
  indexes: [{ fields: ['classroom', 'dueAt'] }],
  fields: [
    { name: 'classroom', type: 'relationship', relationTo: 'classrooms', required: true, index: true },
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    { name: 'instructions', type: 'textarea', maxLength: 5000 },
    {
      name: 'state',
      type: 'select',
      required: true,
      defaultValue: 'published',
      options: [...assignmentStates],
      admin: { description: 'A draft is seen by its teacher only.' },
    },
    { name: 'availableFrom', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' }, description: 'Students see nothing of it before this time.' } },
    { name: 'dueAt', type: 'date', required: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'modules', type: 'relationship', relationTo: 'modules', hasMany: true, admin: { description: 'Every activity of each module.' } },
    { name: 'activities', type: 'relationship', relationTo: 'activities', hasMany: true },
    { name: 'students', type: 'relationship', relationTo: 'users', hasMany: true, admin: { description: 'Empty: the whole classroom.' } },
    {
      name: 'extensions',
      type: 'array',
      admin: { description: 'Later due times for some students.' },
      fields: [
        // Not required: a deleted student's extension must not keep their account from being deleted.
        { name: 'student', type: 'relationship', relationTo: 'users' },
        { name: 'dueAt', type: 'date', required: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
      ],
    },
  ],
}
