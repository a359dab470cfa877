import type { Field } from 'payload'

/**
 * Where a district's roster knows a school or a classroom: the district's key (the one its sign-in
 * settings carry) and the record's OneRoster sourcedId there. Written only by a roster import
 * (collections/RosterImports), through the Local API.
 */
export const rosterGroup = (extra: Field[] = []): Field => ({
  name: 'roster',
  type: 'group',
  access: { create: () => false, update: () => false },
  admin: { readOnly: true, description: 'Set by a district roster import.' },
  fields: [{ name: 'district', type: 'text', index: true }, { name: 'sourcedId', type: 'text', index: true }, ...extra],
})
