import { createHash, randomBytes } from 'node:crypto'

import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, Endpoint, Field, FieldAccess } from 'payload'

import { selfOrUserReaders } from '../../access/selfOrUserReaders'
import { confirmEmailMessage, recipientLanguage } from '@cms/auth/email'
import { badRequest, HttpError, json, onlyFields, readBody, requiredString, requireUser, throwIfErrors, type FieldError } from '@cms/http/endpointInput'
import { loadPublicUser } from './endpoints/userResponse'

/**
 * Email confirmation (docs/adr/confirmed-emails.md). A local account proves it owns its
 * email by opening a link sent to it; until then a social sign-in with that email is never linked
 * to it automatically. Unconfirmed educators may keep using the product meanwhile, except to
 * create student accounts in bulk (collections/Classrooms/classroomLimits.ts).
 */

const hours = 60 * 60 * 1000
export const confirmLinkLifetime = 48 * hours

export const emailVerificationMessages = {
  confirmed: 'Thank you: your email address is confirmed.',
  badToken: 'This confirmation link is invalid or has expired. Log in and send a new one.',
  sent: 'We sent a new confirmation link. Check your inbox.',
  nothingToConfirm: 'This account has no email address waiting for confirmation.',
} as const

const serverOnly: FieldAccess = () => false

export const emailVerificationFields: Field[] = [
  {
    name: 'emailVerified',
    type: 'checkbox',
    defaultValue: false,
    access: { create: serverOnly, update: serverOnly, read: selfOrUserReaders },
    admin: {
      readOnly: true,
      description: 'True once the owner opened the confirmation link sent to this email (or signed in with a provider that vouches for it).',
    },
  },
  {
    // Only a hash of the link's token is stored, so a database read does not confirm anybody.
    name: 'emailVerification',
    type: 'group',
    hidden: true,
    fields: [
      { name: 'tokenHash', type: 'text', index: true },
      { name: 'expires', type: 'date' },
    ],
  },
]

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** A new link's token, and what the account stores of it. */
const newConfirmation = () => {
  const token = randomBytes(32).toString('base64url')
  return { token, emailVerification: { tokenHash: hashToken(token), expires: new Date(Date.now() + confirmLinkLifetime).toISOString() } }
}

/** Whenever an account gets an unconfirmed email (signup, staff, a change), a fresh link is made for it. */
export const issueConfirmationToken: CollectionBeforeChangeHook = ({ data, operation, originalDoc, req }) => {
  const email = data.email !== undefined ? data.email : originalDoc?.email
  const newEmail = operation === 'create' ? Boolean(data.email) : data.email !== undefined && data.email !== originalDoc?.email
  if (!email || !newEmail || data.emailVerified === true) return data
  const { token, emailVerification } = newConfirmation()
  data.emailVerification = emailVerification
  req.context.confirmationToken = token
  return data
}

/** Sends the link made above. A mail failure is logged, not fatal: the notice's resend button retries. */
export const sendConfirmationEmail: CollectionAfterChangeHook = async ({ doc, req }) => {
  const token = req.context.confirmationToken
  if (typeof token !== 'string' || !doc.email) return doc
  delete req.context.confirmationToken
  try {
    await req.payload.sendEmail({ to: doc.email, ...confirmEmailMessage(token, recipientLanguage(req, doc)) })
  } catch (err) {
    req.payload.logger.error({ err }, `Could not send the email confirmation link to user ${doc.id}`)
  }
  return doc
}

/** POST /api/email/confirm { token }: the link's page sends the token here. */
const confirm: Endpoint = {
  path: '/email/confirm',
  method: 'post',
  handler: async (req) => {
    const body = await readBody(req)
    onlyFields(body, ['token'])
    const errors: FieldError[] = []
    const token = requiredString(body, 'token', emailVerificationMessages.badToken, errors, 'token', 200)
    throwIfErrors(errors)
    const { docs } = await req.payload.find({
      collection: 'users',
      where: {
        and: [{ 'emailVerification.tokenHash': { equals: hashToken(token) } }, { 'emailVerification.expires': { greater_than: new Date().toISOString() } }],
      },
      limit: 1,
      depth: 0,
      overrideAccess: true,
      req,
    })
    const user = docs[0]
    if (!user) throw badRequest([{ path: 'token', message: emailVerificationMessages.badToken }])
    await req.payload.update({
      collection: 'users',
      id: user.id,
      data: { emailVerified: true, emailVerification: { tokenHash: null, expires: null } },
      overrideAccess: true,
      req,
    })
    const signedIn = req.user && String(req.user.id) === String(user.id)
    return json({ message: emailVerificationMessages.confirmed, user: signedIn ? await loadPublicUser(req, user.id) : undefined })
  },
}

/** POST /api/email/confirm/resend: a new link for the signed-in account's unconfirmed email. */
const resend: Endpoint = {
  path: '/email/confirm/resend',
  method: 'post',
  handler: async (req) => {
    const me = requireUser(req)
    const user = await req.payload.findByID({ collection: 'users', id: me.id, depth: 0, overrideAccess: true, req })
    if (!user.email || user.emailVerified) throw new HttpError(400, emailVerificationMessages.nothingToConfirm)
    const { token, emailVerification } = newConfirmation()
    await req.payload.update({
      collection: 'users',
      id: user.id,
      data: { emailVerification },
      overrideAccess: true,
      req,
    })
    await req.payload.sendEmail({ to: user.email, ...confirmEmailMessage(token, recipientLanguage(req, user)) })
    return json({ message: emailVerificationMessages.sent })
  },
}

export const emailVerificationEndpoints: Endpoint[] = [confirm, resend]
