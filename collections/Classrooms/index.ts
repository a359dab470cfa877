import type { CollectionConfig } from 'payload'

import { ownerOrScope } from '../../access/ownerOrScope'
import { scopesOf, userHasScope } from '../../common/scopes'
import { checkClassroomRoom } from './classroomLimits'
import { classroomEndpoints } from './endpoints/classrooms'
import { rosterEndpoints } from './endpoints/roster'
import { benchmarkEndpoints } from './endpoints/benchmarks'
import { hiddenUnless } from '../../access/adminHidden'
import { DEFAULT_TIME_ZONE } from '../../common/assignments'
import { isTimeZone } from '../../common/zonedTime'
import { rosterGroup } from '../../fields/roster'

export const Classrooms: CollectionConfig = {
  slug: 'classrooms',
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'code', 'owner', 'createdAt'], group: 'People', hidden: hiddenUnless(...scopesOf('users')) },
  access: {
    // Teachers see their own classrooms; students read theirs through their profile.
    read: ownerOrScope('owner', 'users:read'),
    create: ({ req }) => Boolean(req.user) && req.user?.attributes?.type !== 'student',
    update: ownerOrScope('owner', 'users:write'),
    delete: ownerOrScope('owner', 'users:write'),
  },
  endpoints: [...classroomEndpoints, ...rosterEndpoints, ...benchmarkEndpoints],
  hooks: {
    beforeValidate: [
      ({ data, req, operation }) => {
        if (!data) return data
        if (typeof data.code === 'string') data.code = data.code.trim().toUpperCase()
        if (operation === 'create' && req.user && !userHasScope(req.user, 'users:write')) data.owner = req.user.id
        return data
      },
    ],
    // Every route that creates a classroom (the product's POST /api/users/:id/classrooms, Payload's
    // POST /api/classrooms, the admin panel) passes here with the requester.
    // A classroom's assignments go with it.
    beforeDelete: [
      async ({ id, req }) => {
        await req.payload.delete({ collection: 'assignments', where: { classroom: { equals: id } }, overrideAccess: true, req })
      },
    ],
    beforeChange: [
      async ({ data, operation, req }) => {
        if (operation === 'create') await checkClassroomRoom(req, data.owner)
        return data
      },
    ],
  },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 100 },
    {
      name: 'code',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      minLength: 3,
      maxLength: 32,
      admin: { description: 'Students join with this code. Letters, digits and dashes; case does not matter.' },
      validate: (value: unknown) =>
        typeof value === 'string' && /^[A-Z0-9-]{3,32}$/.test(value) ? true : 'Classroom codes use 3 to 32 letters, digits or dashes.',
    },
    {
      name: 'owner',
      type: 'relationship',
      relationTo: 'users',
      required: true,
      index: true,
      access: { update: ({ req }) => userHasScope(req.user, 'users:write') },
    },
    {
      // Assignments' times (due 11:59 pm, available from 8 am) are this zone's: Florida spans two.
      name: 'timeZone',
      type: 'text',
      defaultValue: DEFAULT_TIME_ZONE,
      maxLength: 64,
      admin: { description: 'The time zone of the school, such as America/New_York or America/Chicago (the panhandle).' },
      validate: (value: unknown) => (isTimeZone(value) ? true : 'timeZone must be a time zone name such as America/New_York or America/Chicago.'),
    },
    {
      // Archived classrooms leave the teacher's list (the archived view shows them) and take no new
      // students; their students still sign in and everything they did is kept.
      name: 'archivedAt',
      type: 'date',
      index: true,
      admin: { description: 'When the teacher archived the classroom; empty while it is in use.' },
    },
    // The school a district roster puts the class in, beside its district key and sourcedId.
    rosterGroup([{ name: 'school', type: 'relationship', relationTo: 'schools', index: true }]),
    {
      name: 'students',
      type: 'join',
      collection: 'users',
      on: 'attributes.classroom',
      admin: { defaultColumns: ['username', 'displayName'] },
    },
  ],
}
