import type { EmailAdapter } from 'payload'

import { nodemailerAdapter } from '@payloadcms/email-nodemailer'

import { publicUrl } from './env'

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

export const resetLink = (token: string) => `${publicUrl()}/reset?token=${encodeURIComponent(token)}`

export const resetPasswordEmail = (args?: { token?: string }) => {
  const link = resetLink(args?.token ?? '')
  return `<p>Someone asked to reset the password of your Civics360 account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a> (this link works for one hour).</p>
<p>Or paste this link into your browser: ${escapeHtml(link)}</p>
<p>If it was not you, ignore this email: your password stays the same.</p>`
}

export const resetPasswordText = (token: string) =>
  `Someone asked to reset the password of your Civics360 account.\n\nChoose a new password (this link works for one hour):\n${resetLink(token)}\n\nIf it was not you, ignore this email: your password stays the same.`

export const confirmEmailLink = (token: string) => `${publicUrl()}/verify-email?token=${encodeURIComponent(token)}`

export const confirmEmailMessage = (token: string) => {
  const link = confirmEmailLink(token)
  return {
    subject: 'Confirm your Civics360 email address',
    text: `Please confirm that this is your email address for Civics360:\n${link}\n\nThe link works for 48 hours. If you did not create a Civics360 account, ignore this email.`,
    html: `<p>Please confirm that this is your email address for Civics360.</p>
<p><a href="${escapeHtml(link)}">Confirm my email</a> (this link works for 48 hours).</p>
<p>Or paste this link into your browser: ${escapeHtml(link)}</p>
<p>If you did not create a Civics360 account, ignore this email.</p>`,
  }
}
