import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { Actors } from './helpers/actors'
import { Client } from './helpers/client'
import { startServer, type TestServer } from './helpers/server'
import { decodeQuotedPrintable, startSmtp } from './helpers/smtp'

let smtp: Awaited<ReturnType<typeof startSmtp>>
let server: TestServer
let actors: Actors

beforeAll(async () => {
  smtp = await startSmtp()
  server = await startServer({
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: 'false', SMTP_IGNORE_TLS: 'true', PUBLIC_URL: 'http://civics.test' },
  })
  actors = new Actors(server.payload, server.base)
})
afterAll(async () => {
  await server?.close()
  await smtp?.close()
})

describe('password reset by email (real SMTP on loopback)', () => {
  it('sends a link to PUBLIC_URL/reset?token=, and the reset logs the user in once', async () => {
    const teacher = await actors.educator()
    const email = teacher.user.email as string
    const client = new Client(server.base)
    const res = await client.post('/api/password/request', { username: email })
    expect(res.status).toBe(200)
    const mail = await smtp.waitFor(email)
    expect(mail.raw).toMatch(/Subject: Reset your Civics360 password/)
    const text = decodeQuotedPrintable(mail.raw)
    const token = /http:\/\/civics\.test\/reset\?token=([A-Za-z0-9%]+)/.exec(text)?.[1]
    expect(token).toBeTruthy()

    const reset = await client.post('/api/password/reset', { token: decodeURIComponent(token!), password: 'brand-new-pass-1' })
    expect(reset.status).toBe(200)
    expect(reset.body.message).toBe('Password reset. You have been logged in.')
    expect(reset.headers.get('set-cookie')).toMatch(/payload-token=/)
    expect((await client.get('/api/users/me')).body.user.email).toBe(email)
    expect((await new Client(server.base).post('/api/login', { username: email, password: 'brand-new-pass-1' })).status).toBe(200)
    const reused = await new Client(server.base).post('/api/password/reset', { token: decodeURIComponent(token!), password: 'another-pass-2' })
    expect(reused.status).toBe(400)
    expect(reused.body.errors[0].message).toBe('This password reset link is invalid or has expired. Please request a new one.')
  })

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = smtp.mails.length
    const known = await new Client(server.base).post('/api/password/request', { username: 'nobody-here@example.org' })
    expect(known.status).toBe(200)
    await new Promise((r) => setTimeout(r, 300))
    expect(smtp.mails.length).toBe(before)
  })
})

describe("emails in the reader's language (real SMTP on loopback)", () => {
  /** The next mail to `to`, parsed as a mail program would show it. */
  const mailTo = async (to: string) => {
    const mail = await smtp.waitFor(to)
    smtp.mails.splice(smtp.mails.indexOf(mail), 1)
    const parsed = await simpleParser(mail.raw)
    return { subject: parsed.subject, text: parsed.text?.trim(), html: typeof parsed.html === 'string' ? parsed.html.trim() : '' }
  }
  const requestReset = (email: string, acceptLanguage?: string) =>
    new Client(server.base).request(
      'POST',
      '/api/password/request',
      { username: email },
      { headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} },
    )
  const educatorSpeaking = async (language: 'es' | 'ht' | null) => {
    const teacher = await actors.educator()
    await server.payload.update({ collection: 'users', id: teacher.user.id, data: { language }, overrideAccess: true })
    return { ...teacher, email: teacher.user.email as string }
  }

  it("a Spanish account's reset mail is Spanish, subject and body, even when the browser asks in English; its link works", async () => {
    const teacher = await educatorSpeaking('es')
    expect((await requestReset(teacher.email, 'en-US')).status).toBe(200)
    const mail = await mailTo(teacher.email)
    expect(mail.subject).toBe('Restablece tu contraseña de Civics360')
    const token = /http:\/\/civics\.test\/reset\?token=(\S+)/.exec(mail.text ?? '')?.[1] as string
    expect(mail.text).toBe(
      `Alguien pidió restablecer la contraseña de tu cuenta de Civics360.\n\nElige una contraseña nueva (este enlace sirve durante una hora):\nhttp://civics.test/reset?token=${token}\n\nSi no fuiste tú, no hagas caso a este correo: tu contraseña no cambia.`,
    )
    expect(mail.html).toContain(`<a href="http://civics.test/reset?token=${token}">Elige una contraseña nueva</a> (este enlace sirve durante una hora).`)
    expect(mail.html).toContain('O copia este enlace y pégalo en tu navegador:')
    const reset = await new Client(server.base).post('/api/password/reset', { token: decodeURIComponent(token), password: 'brand-new-pass-3' })
    expect(reset.status).toBe(200)
  })

  it("Payload's own forgot-password mail (Local API) is in the account's language too", async () => {
    const teacher = await educatorSpeaking('ht')
    await server.payload.forgotPassword({ collection: 'users', data: { email: teacher.email } })
    const mail = await mailTo(teacher.email)
    expect(mail.subject).toBe('Chanje modpas Civics360 ou a')
    expect(mail.html).toMatch(/<a href="http:\/\/civics\.test\/reset\?token=\S+">Chwazi yon nouvo modpas<\/a> \(lyen sa a bon pou yon èdtan\)\./)
  })

  it("an English account's reset mail is unchanged, word for word", async () => {
    const teacher = await educatorSpeaking(null)
    expect((await requestReset(teacher.email)).status).toBe(200)
    const mail = await mailTo(teacher.email)
    expect(mail.subject).toBe('Reset your Civics360 password')
    const token = /http:\/\/civics\.test\/reset\?token=(\S+)/.exec(mail.text ?? '')?.[1] as string
    const link = `http://civics.test/reset?token=${token}`
    expect(mail.text).toBe(
      `Someone asked to reset the password of your Civics360 account.\n\nChoose a new password (this link works for one hour):\n${link}\n\nIf it was not you, ignore this email: your password stays the same.`,
    )
    expect(mail.html).toBe(`<p>Someone asked to reset the password of your Civics360 account.</p>
<p><a href="${link}">Choose a new password</a> (this link works for one hour).</p>
<p>Or paste this link into your browser: ${link}</p>
<p>If it was not you, ignore this email: your password stays the same.</p>`)
  })

  it('an account with no language chosen gets the language its owner asked in (Haitian Creole)', async () => {
    const teacher = await educatorSpeaking(null)
    expect((await requestReset(teacher.email, 'ht, en;q=0.5')).status).toBe(200)
    const mail = await mailTo(teacher.email)
    expect(mail.subject).toBe('Chanje modpas Civics360 ou a')
    expect(mail.text).toMatch(
      /^Yon moun mande pou yo chanje modpas kont Civics360 ou a\.\n\nChwazi yon nouvo modpas \(lyen sa a bon pou yon èdtan\):\nhttp:\/\/civics\.test\/reset\?token=/,
    )
  })

  it("the confirmation mail follows the signup's language; staff making someone's account do not choose its language; the account's choice wins", async () => {
    const email = `es-${Date.now().toString(36)}@example.org`
    const visitor = new Client(server.base)
    const signup = await visitor.request(
      'POST',
      '/api/signup',
      { providers: [{ provider: 'local', username: email, password: 'signup-pass-42' }] },
      { headers: { 'accept-language': 'es-MX,es;q=0.9' } },
    )
    expect(signup.status).toBe(201)
    const spanish = await mailTo(email)
    expect(spanish.subject).toBe('Confirma tu correo electrónico de Civics360')
    expect(spanish.text).toMatch(
      /^Confirma que esta es tu dirección de correo electrónico para Civics360:\nhttp:\/\/civics\.test\/verify-email\?token=\S+\n\nEl enlace sirve durante 48 horas\. Si no creaste una cuenta de Civics360, no hagas caso a este correo\.$/,
    )
    expect(spanish.html).toMatch(/<a href="http:\/\/civics\.test\/verify-email\?token=\S+">Confirmar mi correo<\/a> \(este enlace sirve durante 48 horas\)\./)

    const admin = await actors.staff('users:write')
    const madeFor = `made-${Date.now().toString(36)}@example.org`
    const created = await admin.request('POST', '/api/users', { email: madeFor, password: 'staff-made-pass-2' }, { headers: { 'accept-language': 'es' } })
    expect(created.status).toBe(201)
    const english = await mailTo(madeFor)
    expect(english.subject).toBe('Confirm your Civics360 email address')
    expect(english.text).toMatch(/^Please confirm that this is your email address for Civics360:\n/)

    await server.payload.update({ collection: 'users', id: signup.body.user.id, data: { language: 'ht' }, overrideAccess: true })
    const resent = await visitor.request('POST', '/api/email/confirm/resend', {}, { headers: { 'accept-language': 'es' } })
    expect(resent.status).toBe(200)
    const creole = await mailTo(email)
    expect(creole.subject).toBe('Konfime adrès imèl Civics360 ou')
    expect(creole.text).toMatch(/^Tanpri konfime se adrès imèl ou sa a pou Civics360:\n/)
  })
})
