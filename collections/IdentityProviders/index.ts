import type { CollectionConfig, FieldAccess, TextFieldSingleValidation } from 'payload'

import { hasScope } from '../../access/hasScope'
import { hiddenUnless } from '../../access/adminHidden'
import { isDistrictKey } from '../../common/districtSignIn'
import { districtListEndpoint } from './endpoints/districtList'
import { issuerProblem } from './issuer'

/** The client secret goes in, never out: no API answer, admin form or list ever reads it back. */
const neverRead: FieldAccess = () => false

const validKey: TextFieldSingleValidation = (value) =>
  isDistrictKey(value) ? true : 'A district key is 1 to 40 lower-case letters, digits or dashes, starting and ending with a letter or digit.'

const validIssuer: TextFieldSingleValidation = (value) => issuerProblem(value) ?? true

const claimName = (name: string, defaultValue: string, description: string) =>
  ({ name, type: 'text', required: true, defaultValue, maxLength: 100, admin: { description } }) as const

/**
 * A district's OpenID Connect identity provider (ClassLink, Clever or any issuer with discovery):
 * where it is, the client the district registered for us, and which of its claims say who a person
 * is. Only users:write staff see or change them; the login page reads names and keys through
 * GET /api/identity-providers/districts.
 */
export const IdentityProviders: CollectionConfig = {
  slug: 'identity-providers',
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'key', 'issuer', 'enabled'],
    group: 'People',
    hidden: hiddenUnless('users:write'),
  },
  access: {
    create: hasScope('users:write'),
    read: hasScope('users:write'),
    update: hasScope('users:write'),
    delete: hasScope('users:write'),
  },
  endpoints: [districtListEndpoint],
  hooks: {
    beforeValidate: [
      ({ data }) => {
        if (data && typeof data.newClientSecret === 'string' && data.newClientSecret.trim()) data.clientSecret = data.newClientSecret.trim()
        if (data) delete data.newClientSecret
        return data
      },
    ],
  },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 120, admin: { description: 'Shown to students and teachers in the district picker on /login.' } },
    {
      name: 'key',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      maxLength: 40,
      validate: validKey,
      admin: { description: 'The district key: a short slug (e.g. springfield). Roster imports use the same key; the redirect URI ends with it.' },
    },
    { name: 'enabled', type: 'checkbox', defaultValue: true },
    {
      name: 'issuer',
      type: 'text',
      required: true,
      maxLength: 500,
      validate: validIssuer,
      admin: { description: 'The OpenID issuer URL; its /.well-known/openid-configuration is read at sign-in.' },
    },
    { name: 'clientId', type: 'text', required: true, maxLength: 500 },
    {
      name: 'clientSecret',
      type: 'text',
      required: true,
      maxLength: 1000,
      access: { read: neverRead },
      admin: { description: 'Write-only: it is never shown again.' },
    },
    {
      // The admin's edit form shows no field its reader cannot read, so a new secret comes in here.
      name: 'newClientSecret',
      type: 'text',
      virtual: true,
      maxLength: 1000,
      admin: { condition: (data) => Boolean(data?.id), description: 'To replace the client secret, enter the new one here. Left empty, the secret stays.' },
    },
    { name: 'scope', type: 'text', required: true, defaultValue: 'openid email profile', maxLength: 300 },
    {
      type: 'collapsible',
      label: 'Claims',
      fields: [
        claimName('userIdClaim', 'sub', 'The district user id (Clever: user_id). Roster imports store the same id as sourcedId.'),
        claimName('roleClaim', 'user_type', 'The claim that says student or teacher (Clever: user_type).'),
        {
          name: 'studentRoles',
          type: 'text',
          required: true,
          defaultValue: 'student',
          maxLength: 300,
          admin: { description: 'Values of the role claim that mean student, comma-separated.' },
        },
        {
          name: 'teacherRoles',
          type: 'text',
          required: true,
          defaultValue: 'teacher',
          maxLength: 300,
          admin: { description: 'Values of the role claim that mean teacher, comma-separated.' },
        },
        claimName('emailClaim', 'email', 'A teacher’s email. Students’ emails are never stored.'),
        claimName('firstNameClaim', 'given_name', 'A teacher’s first name (a dotted path such as name.first works too).'),
        claimName('lastNameClaim', 'family_name', 'A teacher’s last name.'),
        {
          name: 'districtClaim',
          type: 'text',
          maxLength: 100,
          admin: { description: 'When several districts share one issuer (Clever), the claim naming the district (Clever: district)…' },
        },
        { name: 'districtId', type: 'text', maxLength: 200, admin: { description: '…and the value it must have for this district.' } },
      ],
    },
    {
      name: 'emailDomains',
      type: 'text',
      hasMany: true,
      maxLength: 253,
      admin: { description: 'Email domains of this district (e.g. springfield.k12.us). Only emails in them may link to an existing account.' },
    },
  ],
}
