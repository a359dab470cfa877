import type { EmailAdapter, PayloadRequest } from 'payload'

import { nodemailerAdapter } from '@payloadcms/email-nodemailer'

import { DEFAULT_LOCALE, isLocale, type Locale } from '@common/locales'
import { publicUrl } from '../config/env'
import { requestLanguage, translateMessage } from '../http/messages/translate'

const fromAddress = () => process.env.SMTP_FROM || 'no-reply@civics360.local'
const fromName = () => process.env.SMTP_FROM_NAME || 'Civics360'

/**
 * SMTP when SMTP_HOST is set; otherwise the embedded default, which logs each message (with its
 * links) to the console so a developer can follow a password reset without a mail server.
 */
export const emailAdapter = (): Promise<EmailAdapter> | EmailAdapter => {
  if (process.env.SMTP_HOST) {
    const port = Number(process.env.SMTP_PORT || 587)
    return nodemailerAdapter({
      defaultFromAddress: fromAddress(),
      defaultFromName: fromName(),
      skipVerify: true,
      transportOptions: {
        host: process.env.SMTP_HOST,
        port,
        secure: process.env.SMTP_SECURE ? process.env.SMTP_SECURE === 'true' : port === 465,
        auth: process.env.SMTP_USER ? { user: process.env.SMTP_USER, pass: process.env.SMTP_PASS } : undefined,
        ignoreTLS: process.env.SMTP_IGNORE_TLS === 'true',
      },
    })
  }
  return consoleEmailAdapter
}

const consoleEmailAdapter: EmailAdapter = ({ payload }) => ({
  name: 'console',
  defaultFromAddress: fromAddress(),
  defaultFromName: fromName(),
  sendEmail: async (message) => {
    const text =
      typeof message.text === 'string' && message.text
        ? message.text
        : String(message.html ?? '')
            .replace(/<[^>]+>/g, '')
            .replace(/&amp;/g, '&')
    payload.logger.info(`Email (no SMTP_HOST configured, so it is logged here)\nTo: ${String(message.to)}\nSubject: ${message.subject}\n${text}`)
    return { accepted: [message.to] }
  },
})

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string)

/**
 * The language of an email: the account's chosen language; else, when the request that
 * sends it is the recipient's own (signup, a reset they asked for, their own change or resend), the
 * language their browser asked in (Accept-Language, which the SPA fills with its interface
 * language); else English. Staff creating or changing someone else's account do not pick its
 * language by their own browser.
 */
export function recipientLanguage(req: PayloadRequest | undefined, recipient: { id?: number | string; language?: string | null } = {}): Locale {
  if (isLocale(recipient.language)) return recipient.language
  const theirs = !req?.user || String(req.user.id) === String(recipient.id)
  return theirs ? requestLanguage(req?.headers.get('accept-language')) : DEFAULT_LOCALE
}

/**
 * Every sentence of an email is a message of the server catalogues (cms/http/messages), keyed by its
 * English, so the English below is the mail English readers get, word for word.
 */
const translator = (language: Locale) => {
  const text = (english: string) => translateMessage(english, language)
  return { text, html: (english: string) => escapeHtml(text(english)) }
}

export const resetLink = (token: string) => `${publicUrl()}/reset?token=${encodeURIComponent(token)}`

export const resetPasswordMessage = (token: string, language: Locale) => {
  const link = resetLink(token)
  const { text, html } = translator(language)
  return {
    subject: text('Reset your Civics360 password'),
    text: `${text('Someone asked to reset the password of your Civics360 account.')}\n\n${text('Choose a new password')} ${text('(this link works for one hour)')}:\n${link}\n\n${text('If it was not you, ignore this email: your password stays the same.')}`,
    html: `<p>${html('Someone asked to reset the password of your Civics360 account.')}</p>
<p><a href="${escapeHtml(link)}">${html('Choose a new password')}</a> ${html('(this link works for one hour)')}.</p>
<p>${html('Or paste this link into your browser:')} ${escapeHtml(link)}</p>
<p>${html('If it was not you, ignore this email: your password stays the same.')}</p>`,
  }
}

export const confirmEmailLink = (token: string) => `${publicUrl()}/verify-email?token=${encodeURIComponent(token)}`

export const confirmEmailMessage = (token: string, language: Locale) => {
  const link = confirmEmailLink(token)
  const { text, html } = translator(language)
  return {
    subject: text('Confirm your Civics360 email address'),
    text: `${text('Please confirm that this is your email address for Civics360')}:\n${link}\n\n${text('The link works for 48 hours.')} ${text('If you did not create a Civics360 account, ignore this email.')}`,
    html: `<p>${html('Please confirm that this is your email address for Civics360')}.</p>
<p><a href="${escapeHtml(link)}">${html('Confirm my email')}</a> ${html('(this link works for 48 hours)')}.</p>
<p>${html('Or paste this link into your browser:')} ${escapeHtml(link)}</p>
<p>${html('If you did not create a Civics360 account, ignore this email.')}</p>`,
  }
}
