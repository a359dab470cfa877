import type { CollectionConfig } from 'payload'

import { hiddenUnless } from '../../access/adminHidden'
import { hasScope } from '../../access/hasScope'
import { nobody } from '../../access/nobody'
import { auditActions } from '../../common/audit'

/**
 * Who read a student's data, what and when: one row per read request by someone other than the
 * student, and one per deletion or retention purge. Append-only for everyone: only the server writes
 * (Local API with overrideAccess), nobody updates or deletes through the API or the admin panel, and
 * rows leave only by the retention purge. Rows hold ids and counts, never a student's name or work.
 * See docs/privacy.md and docs/adr/audit-log-append-only.md.
 */
export const AuditLog: CollectionConfig = {
  slug: 'audit-log',
  labels: { singular: 'Audit entry', plural: 'Audit log' },
  admin: {
    defaultColumns: ['createdAt', 'actorLogin', 'action', 'classroom', 'student', 'studentCount'],
    group: 'People',
    hidden: hiddenUnless('users:read'),
    description: 'Every read of a student’s data by someone other than the student. Append-only.',
  },
  defaultSort: '-createdAt',
  access: {
    read: hasScope('users:read'),
    create: nobody,
    update: nobody,
    delete: nobody,
    readVersions: nobody,
    unlock: nobody,
  },
  disableDuplicate: true,
  indexes: [{ fields: ['actor', 'createdAt'] }, { fields: ['classroom', 'createdAt'] }, { fields: ['student', 'createdAt'] }],
  fields: [
    // Plain numbers, not relations: a row outlives the accounts and classrooms it names, and a
    // relation would be cleared (or would block the delete) when they go.
    { name: 'actor', type: 'number', index: true, admin: { description: 'The account that read (empty for the retention purge).' } },
    { name: 'actorLogin', type: 'text', maxLength: 200, index: true, admin: { description: 'Its username or email when it read.' } },
    { name: 'action', type: 'select', required: true, index: true, options: [...auditActions] },
    { name: 'path', type: 'text', maxLength: 300, admin: { description: 'The address read, without its query.' } },
    { name: 'classroom', type: 'number', admin: { description: 'The classroom whose students were read.' } },
    { name: 'student', type: 'number', admin: { description: 'The one student read, when it was one.' } },
    { name: 'studentCount', type: 'number', admin: { description: 'How many students’ data the answer held.' } },
    { name: 'detail', type: 'json', admin: { description: 'For deletions and purges: what was removed, as counts.' } },
  ],
}
