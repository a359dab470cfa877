import { type AuthStrategy, type CollectionConfig, type EmailFieldValidation, type FieldAccess, JWTAuthentication, validations } from 'payload'

import { hasScope } from '../../access/hasScope'
import { isStaff } from '../../access/isStaff'
import { allScopes, scopesOf, userHasAnyScope, userHasScope } from '../../common/scopes'
import { selfOrScope } from '../../access/selfOrScope'
import { selfOrUserReaders } from '../../access/selfOrUserReaders'
import { passwordDoors } from './endpoints/auth'
import { homeEndpoint } from './endpoints/home'
import { secureCookies } from '@cms/auth/cookies'
import { emailVerificationFields, issueConfirmationToken, sendConfirmationEmail } from './emailVerification'
import { checkLoginFields, loginChangeEffects, requireCurrentPassword } from './hooks/accountWrites'
import { userEndpoints } from './endpoints/users'
import { unlinkProviderEndpoint } from './endpoints/unlinkProvider'
import { recipientLanguage, resetPasswordMessage } from '@cms/auth/email'
import { accountTypes, defaults, gradeOptions, modes, socialProviders, subjectOptions, themes } from '../../common/userOptions'
import { limitSessions } from './hooks/limitSessions'
import { withSessionLengths } from './sessionLength'
import { readProviders } from './providers'
import { hiddenUnless } from '../../access/adminHidden'
import { LOCALES, LOCALE_NAMES } from '../../common/locales'
import { moveAttemptsWithStudent } from './attemptHooks'
import { deleteDataOfUser, recordStudentDeletion } from './deletion'
import { recordApiReads } from '../AuditLog/recordRead'
import { deletionEndpoint } from './endpoints/deletions'

/** Scopes are changed only by a holder of users:write, and never on their own account. */
const canGrantScopes: FieldAccess = ({ req, id }) => userHasScope(req.user, 'users:write') && (id === undefined || String(id) !== String(req.user?.id))

const serverOnly: FieldAccess = () => false

/**
 * A linked identity's email is optional (a district student's identity has none). Payload's email
 * check, inside an auth collection, asks every email field for a value unless the row has a
 * username, so it runs here only on a value.
 */
const optionalEmail: EmailFieldValidation = (value, args) => (value ? validations.email(value, { ...args, collectionSlug: undefined }) : true)

const minutes = 60 * 1000

/**
 * Payload's own token check (signature, token version, cookie rules, a live session listed on the
 * account) as one of the collection's strategies, so that the session lengths wrap it; Payload's
 * built-in one runs after it for anything it refuses.
 */
const tokenCheck: AuthStrategy = {
  name: 'account-jwt',
  authenticate: (args) => JWTAuthentication({ ...args, strategyName: 'local-jwt' }),
}

export const Users: CollectionConfig = {
  slug: 'users',
  admin: {
    useAsTitle: 'displayName',
    defaultColumns: ['displayName', 'email', 'username', 'attributes.type', 'scopes', 'createdAt'],
    group: 'People',
    hidden: hiddenUnless(...scopesOf('users')),
    listSearchableFields: ['email', 'username', 'attributes.firstName', 'attributes.lastName'],
  },
  auth: {
    // Each session's length (a student's school day, staff's week with an idle timeout) on top of Payload's token check.
    strategies: [withSessionLengths(tokenCheck)],
    loginWithUsername: { allowEmailLogin: true, requireEmail: false, requireUsername: false },
    // Payload's lock is per account, so anyone could lock anyone out, and only real accounts ever
    // answered "locked". The product locks per client address and login instead (cms/auth/loginLock.ts);
    // Payload's is set past reach rather than to 0, which would drop its columns (a schema change).
    maxLoginAttempts: Number.MAX_SAFE_INTEGER,
    lockTime: 10 * minutes,
    tokenExpiration: 7 * 24 * 60 * 60,
    useSessions: true,
    depth: 0,
    cookies: {
      sameSite: 'Lax',
      // Behind HTTPS (a https PUBLIC_URL) the session cookie never travels in clear, whatever COOKIE_SECURE
      // says; it is then `__Host-` prefixed (cms/auth/cookies.ts), which needs Secure, Path=/ and no Domain.
      secure: secureCookies(),
    },
    forgotPassword: {
      expiration: 60 * minutes,
      // Payload's own mail (a Local API forgotPassword without disableEmail); /forgot-password is
      // answered by collections/Users/endpoints/auth.ts with the same message.
      generateEmailSubject: ({ req, user } = {}) => resetPasswordMessage('', recipientLanguage(req, user)).subject,
      generateEmailHTML: ({ req, token, user } = {}) => resetPasswordMessage(token ?? '', recipientLanguage(req, user)).html,
    },
  },
  access: {
    admin: isStaff,
    create: hasScope('users:write'),
    // users:write implies reading the accounts one changes.
    read: (args) => (userHasScope(args.req.user, 'users:write') ? true : selfOrScope('users:read')(args)),
    update: selfOrScope('users:write'),
    delete: ({ req }) => userHasScope(req.user, 'users:write'),
    unlock: ({ req }) => userHasScope(req.user, 'users:write'),
  },
  // Payload's own /login, /forgot-password and /reset-password are answered by the product's
  // handlers (custom endpoints come first), so their rules and rate limits hold on every route.
  endpoints: [...passwordDoors, homeEndpoint, ...userEndpoints, unlinkProviderEndpoint, deletionEndpoint],
  hooks: {
    beforeOperation: [requireCurrentPassword],
    beforeValidate: [checkLoginFields],
    beforeChange: [loginChangeEffects, issueConfirmationToken],
    afterChange: [sendConfirmationEmail, moveAttemptsWithStudent],
    beforeDelete: [deleteDataOfUser],
    afterDelete: [recordStudentDeletion],
    // Reads of students' accounts by anyone else (staff's lists, the admin panel) are recorded.
    afterOperation: [recordApiReads],
    beforeLogin: [limitSessions],
    afterRead: [
      // Session ids stay on the server. The JWT check reads the user before req.user exists, and
      // Payload's own session bookkeeping reads the database directly, so both still see them.
      ({ doc, req }) => {
        if (req.user && !userHasScope(req.user, 'users:read')) delete doc.sessions
        return doc
      },
    ],
  },
  fields: [
    {
      name: 'displayName',
      type: 'text',
      virtual: true,
      admin: { hidden: true },
      hooks: {
        afterRead: [
          ({ data }) =>
            [data?.attributes?.firstName, data?.attributes?.lastName].filter(Boolean).join(' ') || data?.email || data?.username || `User ${data?.id}`,
        ],
      },
    },
    {
      name: 'scopes',
      type: 'select',
      hasMany: true,
      options: allScopes.map((scope) => ({ label: scope, value: scope })),
      saveToJWT: true,
      defaultValue: [],
      access: { create: canGrantScopes, update: canGrantScopes },
      admin: { description: 'Staff permissions. Only holders of users:write can change them, and never their own.' },
    },
    {
      name: 'attributes',
      type: 'group',
      // A user's own profile changes go through PUT /api/users/:id, which applies the spec's rules
      // (a student stays a student, nobody makes themself one); Payload's PATCH may not bypass them.
      access: { update: ({ req }) => userHasScope(req.user, 'users:write') },
      fields: [
        { name: 'type', type: 'select', options: accountTypes.map((value) => ({ label: value, value })) },
        { name: 'firstName', type: 'text', maxLength: 100 },
        { name: 'lastName', type: 'text', maxLength: 100 },
        { name: 'position', type: 'text', maxLength: 200 },
        { name: 'district', type: 'text', maxLength: 200 },
        { name: 'state', type: 'text', maxLength: 200 },
        { name: 'country', type: 'text', maxLength: 200 },
        { name: 'school', type: 'relationship', relationTo: 'schools' },
        { name: 'certification', type: 'text', maxLength: 200 },
        { name: 'grades', type: 'select', hasMany: true, options: [...gradeOptions] },
        { name: 'subjects', type: 'select', hasMany: true, options: [...subjectOptions] },
        {
          name: 'classroom',
          type: 'relationship',
          relationTo: 'classrooms',
          index: true,
          access: { update: serverOnly },
          admin: { description: "A student's classroom, set when they join with its code." },
        },
        { name: 'completed', type: 'checkbox', defaultValue: false },
      ],
    },
    {
      // The first name a teacher gave when creating the account: the teacher reads it
      // through the classroom endpoints; the student, other students and other teachers never do.
      name: 'rosterName',
      type: 'text',
      maxLength: 100,
      access: {
        read: ({ req }) => userHasAnyScope(req.user, ['users:read', 'users:write']),
        create: serverOnly,
        update: ({ req }) => userHasScope(req.user, 'users:write'),
      },
      admin: { description: "First name on the teacher's roster (given at bulk creation). Only the teacher and users:read staff see it." },
    },
    {
      name: 'meta',
      type: 'group',
      access: { update: serverOnly },
      fields: [
        { name: 'oauthFirstName', type: 'text' },
        { name: 'oauthLastName', type: 'text' },
        { name: 'oauthEmail', type: 'text' },
      ],
    },
    { name: 'mode', type: 'select', options: [...modes], defaultValue: defaults.mode, required: true },
    { name: 'size', type: 'checkbox', defaultValue: defaults.size, label: 'Auto-adjust text size' },
    { name: 'theme', type: 'select', options: [...themes], defaultValue: defaults.theme, required: true },
    // Empty until the person picks one: the site then follows the browser's language.
    { name: 'language', type: 'select', options: LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] })) },
    {
      name: 'hasPassword',
      type: 'checkbox',
      defaultValue: true,
      access: { update: serverOnly, read: selfOrUserReaders },
      admin: { readOnly: true, description: 'False for accounts created by social sign-in until they add a password.' },
    },
    ...emailVerificationFields,
    {
      name: 'identities',
      type: 'array',
      access: { read: selfOrUserReaders, update: serverOnly, create: serverOnly },
      admin: { readOnly: true, description: 'Linked social and district sign-in accounts.' },
      fields: [
        { name: 'provider', type: 'select', options: [...socialProviders, 'district'], required: true },
        // A district identity names its district (the identity provider's key): the same user id at
        // two districts is two people.
        { name: 'district', type: 'text', admin: { condition: (_, sibling) => sibling?.provider === 'district' } },
        { name: 'subject', type: 'text', required: true, index: true },
        { name: 'email', type: 'email', validate: optionalEmail },
      ],
    },
    {
      // Where a district's roster knows this person: the district's key (the same key its sign-in
      // settings carry) and the person's OneRoster sourcedId there. Written only by a roster import.
      name: 'roster',
      type: 'group',
      access: { read: selfOrUserReaders, update: serverOnly, create: serverOnly },
      admin: { readOnly: true, description: 'Set by a district roster import.' },
      fields: [
        { name: 'district', type: 'text', index: true },
        { name: 'sourcedId', type: 'text', index: true },
      ],
    },
    {
      name: 'providers',
      type: 'json',
      virtual: true,
      admin: { hidden: true },
      hooks: { afterRead: [readProviders] },
    },
  ],
}
