import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { type MutableResponse, OAuth2Server } from 'oauth2-mock-server'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'

import { type ServerProcess, startServerProcess } from './serverProcess'
import { expectAccessible, expectSignedIn, launchBrowser, logoutThroughMenu, serialSteps, submitLogin, unique, visible, waitForPath } from './browser'

/**
 * Social sign-in in a real browser. The shared e2e server has no provider configured, so this file
 * starts its own server (same way as globalSetup: the built SPA, a fresh seeded SQLite database,
 * another port and folder) with Google pointed at an OAuth2 server on loopback. Facebook stays
 * unconfigured, so its button must not show.
 */
const person = {
  sub: `1${Date.now()}${randomBytes(3).readUIntBE(0, 3)}`,
  email: `${unique('grace')}@gmail.e2e.test`,
  given_name: 'Grace',
  family_name: 'Hopper',
}
const newPassword = 'Connected-pass-1234'
/** Whom the provider vouches for at the next sign-in: the person above, or the attacker. */
let signingIn: typeof person = person

const oauth = new OAuth2Server()
let server: ServerProcess | undefined
let baseURL: string
let browser: Browser
let context: BrowserContext
let page: Page
const pageErrors: string[] = []

const step = serialSteps()

beforeAll(async () => {
  await oauth.issuer.keys.generate('RS256')
  await oauth.start(0, '127.0.0.1')
  oauth.service.on('beforeUserinfo', (response: MutableResponse) => {
    response.body = { ...signingIn, email_verified: true }
  })

  const issuer = oauth.issuer.url!
  server = await startServerProcess({
    name: 'oauth',
    env: {
      GOOGLE_CLIENT_ID: 'e2e-google-client',
      GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
      GOOGLE_AUTHORIZATION_URL: `${issuer}/authorize`,
      GOOGLE_TOKEN_URL: `${issuer}/token`,
      GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
    },
  })
  baseURL = server.baseURL

  browser = await launchBrowser()
  context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, locale: 'en-US' })
  context.setDefaultTimeout(15_000)
  context.setDefaultNavigationTimeout(30_000)
  page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`))
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await oauth.stop()
})

describe('social sign-in with Google', () => {
  step("'Log In with Google' goes through the provider and lands signed in on the redirect page", async () => {
    await page.goto('/login?redirect=%2Fuser%2Fprofile')
    await visible(page.getByRole('heading', { level: 1, name: 'Log in to Civics360' }))
    expect(await page.getByRole('link', { name: 'Log In with Facebook' }).count()).toBe(0)
    await page.getByRole('link', { name: 'Log In with Google' }).click()
    await waitForPath(page, '/user/profile')
    await expectSignedIn(page)
    // A new social account has no type yet, so the profile picker shows.
    await visible(page.getByRole('heading', { level: 1, name: 'Finish Your Profile' }))
  })

  step("the Accounts screen shows 'Your Google account is connected!'", async () => {
    await page.goto('/user/security')
    await visible(page.getByRole('heading', { level: 1, name: 'Accounts' }))
    await visible(page.getByText('Your Google account is connected!'))
    await expectAccessible(page, 'accounts: social-only')
  })

  step('Connect Email Account, prefilled from the social profile, adds a password login', async () => {
    await page.getByRole('button', { name: 'Connect Email Account' }).click()
    const dialog = await visible(page.getByRole('dialog', { name: 'Connect Email Account' }))
    const email = dialog.getByLabel(/^Email/)
    expect(await email.inputValue()).toBe(person.email)
    await visible(dialog.getByText('Email copied from your social media profile.'))
    await dialog.getByLabel(/^Password/).fill(newPassword)
    await dialog.getByLabel(/^Confirm Password/).fill(newPassword)
    await dialog.getByRole('button', { name: 'Update Email' }).click()
    await visible(page.getByText('Email and password added to your account.'))
    await visible(page.getByRole('button', { name: 'Update Password' }))
    await visible(page.getByText('Your Google account is connected!'))
  })

  step('after logging out, the email and password log in too', async () => {
    await logoutThroughMenu(page)
    await page.goto('/login')
    await submitLogin(page, person.email, newPassword)
    await waitForPath(page, '/')
    await expectSignedIn(page)
    await page.goto('/user/security')
    await visible(page.getByText(person.email))
    await visible(page.getByText('Your Google account is connected!'))
  })

  step('a cancelled consent comes back to /login with a clear message', async () => {
    await logoutThroughMenu(page)
    const deny = ({ url }: { url: URL }) => {
      url.searchParams.delete('code')
      url.searchParams.set('error', 'access_denied')
    }
    oauth.service.once('beforeAuthorizeRedirect', deny)
    await page.goto('/login')
    await page.getByRole('link', { name: 'Log In with Google' }).click()
    await waitForPath(page, '/login?error=denied')
    await visible(page.getByRole('alert').filter({ hasText: 'You cancelled signing in with your social media account.' }))
    expect(pageErrors).toEqual([])
  })
})

describe('a package on the same host name cannot connect its Google account to the person who opens it', () => {
  step("the planted nonce, the attacker's code and connect state: refused with a message, nothing linked", async () => {
    // The attacker, in their own browser: an account, a connect started there, stopped at the provider's answer.
    const attackerEmail = `${unique('mallory')}@example.org`
    const signup = await fetch(`${baseURL}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ providers: [{ provider: 'local', username: attackerEmail, password: 'Attacker-pass-1234' }] }),
    })
    expect(signup.status).toBe(201)
    const attackerSession = /payload-token=[^;]+/.exec(signup.headers.getSetCookie().join('\n'))?.[0] ?? ''
    const start = await fetch(`${baseURL}/authenticate/google?connect=1`, { headers: { cookie: attackerSession }, redirect: 'manual' })
    expect(start.status).toBe(302)
    const nonce = /oauth-nonce-google=([^;]+)/.exec(start.headers.getSetCookie().join('\n'))?.[1] ?? ''
    const consent = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' })
    const callback = new URL(consent.headers.get('location') ?? '')
    const attacker = { ...person, sub: `2${Date.now()}`, email: `${unique('mallory')}@gmail.e2e.test`, given_name: 'Mallory' }

    // The "package": a page on another port of the product's host name, which plants the nonce with
    // a longer path (sent first) and sends the browser to the callback.
    const product = new URL(baseURL)
    const packagePage = http.createServer((_req, res) => {
      res.setHeader('content-type', 'text/html')
      res.end(`<!doctype html><title>Quiz</title><script>
        document.cookie = 'oauth-nonce-google=${nonce}; path=/authenticate/google/callback'
        location.href = ${JSON.stringify(`${product.origin}${callback.pathname}${callback.search}`)}
      </script>`)
    })
    packagePage.listen(0, product.hostname)
    await new Promise((resolve) => packagePage.once('listening', resolve))
    const victim = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, locale: 'en-US' })
    try {
      victim.setDefaultTimeout(15_000)
      const victimPage = await victim.newPage()
      await victimPage.goto('/login')
      await submitLogin(victimPage, person.email, newPassword)
      await waitForPath(victimPage, '/')
      await expectSignedIn(victimPage)

      signingIn = attacker
      await victimPage.goto(`http://${product.hostname}:${(packagePage.address() as AddressInfo).port}/`)
      await waitForPath(victimPage, '/login?error=connect_session')
      await visible(victimPage.getByRole('alert').filter({ hasText: 'must finish in the same sign-in that started it, so nothing was connected' }))

      // Still the victim, and only their own Google account is connected.
      const me = await victimPage.evaluate(async () => (await (await fetch('/api/users/me')).json()).user)
      expect(me.email).toBe(person.email)
      expect(me.providers.filter((p: { provider: string }) => p.provider === 'google')).toEqual([{ provider: 'google', username: person.email }])
    } finally {
      signingIn = person
      await victim.close()
      packagePage.close()
    }
  })
})
