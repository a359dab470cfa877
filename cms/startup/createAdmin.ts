/**
 * `npm run create-admin`: a staff account with every scope, for a production site (which seeds no
 * accounts). The email comes from ADMIN_EMAIL, the password from ADMIN_PASSWORD or, on a terminal,
 * from a prompt that shows nothing of it. Run again with the same email, it gives that account
 * every scope and the password given; it never creates a second one. Nothing it prints or logs
 * holds the password.
 */
import type { Payload, RequiredDataFromCollectionSlug } from 'payload'

import { accountRuleMessages, emailPattern, passwordProblem, passwordRule } from '@common/accountRules'
import { allScopes } from '@common/scopes'

export type AdminResult = { outcome: 'created' | 'updated'; id: number | string; email: string }

/** A refusal the command prints as one line and exits 1 on. */
export class AdminInputError extends Error {}

/** The product's own rules for an email and a password; answers the email as stored. */
export const checkAdminInput = (email: string, password: string) => {
  const address = email.trim().toLowerCase()
  if (!emailPattern.test(address)) throw new AdminInputError(`ADMIN_EMAIL: ${accountRuleMessages.emailFormat}`)
  const problem = passwordProblem(password)
  if (problem) throw new AdminInputError(`ADMIN_PASSWORD: ${problem}`)
  return address
}

/** Creates the staff account, or brings an existing one with that email up to every scope and this password. */
export const ensureAdmin = async (payload: Payload, email: string, password: string): Promise<AdminResult> => {
  const address = checkAdminInput(email, password)
  const data = { password, hasPassword: true, scopes: [...allScopes], emailVerified: true }
  const { docs } = await payload.find({ collection: 'users', where: { email: { equals: address } }, limit: 1, depth: 0, overrideAccess: true })
  const found = docs[0]
  if (found) {
    if (found.attributes?.type === 'student') throw new AdminInputError(`${address} is a student account; choose another email.`)
    await payload.update({ collection: 'users', id: found.id, data, overrideAccess: true })
    return { outcome: 'updated', id: found.id, email: address }
  }
  const created = await payload.create({
    collection: 'users',
    data: { email: address, ...data, attributes: { type: 'other', position: 'Administrator', completed: true } } as RequiredDataFromCollectionSlug<'users'>,
    overrideAccess: true,
  })
  return { outcome: 'created', id: created.id, email: address }
}

/** Reads a line from the terminal without echoing it (raw mode: each key is handled here). */
const promptHidden = (question: string) =>
  new Promise<string>((resolve, reject) => {
    const input = process.stdin
    process.stdout.write(question)
    input.setRawMode(true)
    input.resume()
    input.setEncoding('utf8')
    let value = ''
    const done = (error?: Error) => {
      input.setRawMode(false)
      input.pause()
      input.removeListener('data', onData)
      process.stdout.write('\n')
      if (error) reject(error)
      else resolve(value)
    }
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done()
        if (char === '\u0003' || char === '\u0004') return done(new AdminInputError('Cancelled.'))
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1)
        else if (char >= ' ') value += char
      }
    }
    input.on('data', onData)
  })

const promptLine = async (question: string) => {
  const readline = await import('node:readline/promises')
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout })
  try {
    return await rl.question(question)
  } finally {
    rl.close()
  }
}

const readInputs = async () => {
  const tty = Boolean(process.stdin.isTTY)
  let email = process.env.ADMIN_EMAIL?.trim() ?? ''
  if (!email && tty) email = (await promptLine('Email of the staff account: ')).trim()
  if (!email) throw new AdminInputError('Set ADMIN_EMAIL to the email of the staff account to create.')
  let password = process.env.ADMIN_PASSWORD ?? ''
  if (!password && tty) {
    password = await promptHidden(`Password for ${email} (${passwordRule.min} to ${passwordRule.max} characters, not shown): `)
    const again = await promptHidden('The same password again: ')
    if (again !== password) throw new AdminInputError('The two passwords differ; nothing was changed.')
  }
  if (!password) throw new AdminInputError('Set ADMIN_PASSWORD, or run this command in a terminal to be asked for the password.')
  checkAdminInput(email, password)
  return { email, password }
}

const main = async () => {
  // A Local API script outside production mode would push a development schema (docs/deploy.md).
  ;(process.env as Record<string, string | undefined>).NODE_ENV ??= 'production'
  let payload: Payload | undefined
  let code = 0
  try {
    const { email, password } = await readInputs()
    const { boot } = await import('./boot')
    payload = await boot()
    const result = await ensureAdmin(payload, email, password)
    console.log(
      result.outcome === 'created'
        ? `Created the staff account ${result.email} with every scope. Sign in at /login.`
        : `${result.email} already existed: it now has every scope and the password given.`,
    )
  } catch (error) {
    code = 1
    console.error(error instanceof AdminInputError ? error.message : `Could not create the staff account: ${(error as Error).message}`)
  }
  await payload?.destroy().catch(() => undefined)
  process.exit(code)
}

if (process.argv[1] && /createAdmin\.ts$/.test(process.argv[1])) await main()
