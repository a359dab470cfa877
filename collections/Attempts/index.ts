import type { CollectionConfig } from 'payload'

import { hiddenUnless } from '../../access/adminHidden'
import { scopesOf } from '../../common/scopes'
import { attemptReaders, ownAttemptOrUserReaders } from '../../access/attemptReaders'
import { hasScope } from '../../access/hasScope'
import { nobody } from '../../access/nobody'
import { standards } from '@cms/packages/storyline/launch'
import { recordApiReads } from '../AuditLog/recordRead'

export const attemptStatuses = ['not-attempted', 'incomplete', 'completed', 'passed', 'failed'] as const
export type AttemptStatus = (typeof attemptStatuses)[number]

const serverOnly = () => false

/**
 * One record per student and activity: how far they got in it and how it went. Written only by
 * the server (POST /api/activities/:id/open, PUT /api/activities/:id/attempt, the xAPI endpoints
 * under /api/xapi), read by the student, their classroom's teacher and users:read staff.
 * See docs/adr/attempts-record.md.
 */
export const Attempts: CollectionConfig = {
  slug: 'attempts',
  admin: {
    defaultColumns: ['student', 'activity', 'status', 'score.scaled', 'lastOpenedAt'],
    group: 'People',
    hidden: hiddenUnless(...scopesOf('users')),
  },
  defaultSort: '-lastOpenedAt',
  access: {
    read: attemptReaders,
    create: nobody,
    update: nobody,
    // Resetting a student's attempt is an account matter.
    delete: hasScope('users:write'),
  },
  // Reads of a student's attempts by anyone else (their teacher, staff, the admin panel) are recorded.
  hooks: { afterOperation: [recordApiReads] },
  // One query per classroom for the progress grid: classroom, then activity.
  indexes: [{ fields: ['student', 'activity'], unique: true }, { fields: ['classroom', 'activity'] }],
  fields: [
    { name: 'student', type: 'relationship', relationTo: 'users', required: true, index: true },
    { name: 'activity', type: 'relationship', relationTo: 'activities', required: true, index: true },
    {
      name: 'classroom',
      type: 'relationship',
      relationTo: 'classrooms',
      index: true,
      admin: { description: "The student's current classroom; its teacher reads the attempt." },
    },
    { name: 'standard', type: 'select', options: [...standards], admin: { description: 'How the activity reported: SCORM 1.2, SCORM 2004, xAPI, or none.' } },
    { name: 'status', type: 'select', required: true, defaultValue: 'not-attempted', options: [...attemptStatuses] },
    {
      name: 'score',
      type: 'group',
      fields: [
        { name: 'raw', type: 'number' },
        { name: 'min', type: 'number' },
        { name: 'max', type: 'number' },
        { name: 'scaled', type: 'number', admin: { description: '-1 to 1; 0.8 is 80%.' } },
      ],
    },
    { name: 'timeSpentSeconds', type: 'number', required: true, defaultValue: 0 },
    {
      name: 'attemptCount',
      type: 'number',
      required: true,
      defaultValue: 0,
      admin: { description: 'Times the student started the activity from the beginning.' },
    },
    { name: 'openCount', type: 'number', required: true, defaultValue: 0 },
    { name: 'firstOpenedAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'lastOpenedAt', type: 'date', index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'completedAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
    {
      name: 'resume',
      type: 'group',
      access: { read: ownAttemptOrUserReaders },
      admin: { description: 'What the package saved to continue where the student left off.' },
      fields: [
        { name: 'suspendData', type: 'textarea' },
        { name: 'location', type: 'text' },
        { name: 'exit', type: 'text' },
        { name: 'registration', type: 'text', admin: { description: 'xAPI registration of the current attempt.' } },
        { name: 'xapiState', type: 'json', admin: { description: 'xAPI activity state documents (bookmark, suspend_data …).' } },
        {
          name: 'storage',
          type: 'json',
          admin: { description: "The package's cookies and localStorage, kept here instead of in the browser (cms/packages/content/storage-shim.js)." },
        },
      ],
    },
    {
      // cmi5 sessions and what the AU said in this registration (cms/packages/cmi5/session.ts):
      // the LMS's own bookkeeping, closed to every API reader like the session below.
      name: 'cmi5',
      type: 'json',
      access: { read: serverOnly },
      admin: { hidden: true },
    },
    {
      // The open session, for time spent, and when the stored resume state was reported: closed to every API reader.
      name: 'session',
      type: 'group',
      access: { read: serverOnly },
      admin: { hidden: true },
      fields: [
        { name: 'key', type: 'text' },
        { name: 'startedAt', type: 'date' },
        { name: 'baseSeconds', type: 'number' },
        { name: 'resumeSavedAt', type: 'date' },
      ],
    },
    {
      // The xAPI statement ids already recorded, each with a digest of its content ("<id> <digest>",
      // oldest first), so a statement sent again is recognised: closed to every API reader.
      name: 'statementsReceived',
      type: 'json',
      access: { read: serverOnly },
      admin: { hidden: true },
    },
  ],
}
