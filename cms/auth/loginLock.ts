import { AsyncLocalStorage } from 'node:async_hooks'

import type { NextFunction, Request, Response } from 'express'
import { MemoryStore, type Options, type Store } from 'express-rate-limit'

import { clientKey } from '../http/rateLimits'
import { rateLimitStore } from '../http/rateLimitStore'

/**
 * The login lock (docs/adr/login-lock-per-address-and-login.md). Password tries are counted per
 * client address *and* login name, whether or not an account has that name: the sixth try in a
 * row that did not succeed, from one address for one name, is refused for the rest of the window.
 * So an unknown name locks exactly as a known one does (the answer tells nobody which accounts
 * exist), and whoever locks a classmate's account locks only their own address out of it: the
 * classmate still signs in from any other address. A try is counted before its password is
 * checked, so tries sent in parallel cannot slip past the count; a success clears the count.
 */
export const loginLockRule = { tries: 5, windowMs: 10 * 60 * 1000 } as const

const requestClient = new AsyncLocalStorage<Request>()

/**
 * Express, on /api: makes the request's client address (as `trust proxy` reads it, the rate limits'
 * key) known to the code Payload runs for it, which sees only a Fetch Request. The address is
 * worked out only when a password is checked.
 */
export const rememberClient = (req: Request, _res: Response, next: NextFunction) => requestClient.run(req, next)

let store: Store | undefined
const lockStore = () => {
  if (!store) {
    store = rateLimitStore('login-lock') ?? new MemoryStore()
    store.init?.({ windowMs: loginLockRule.windowMs } as Options)
  }
  return store
}

/** Logins are matched without regard to case or surrounding spaces, as Payload finds accounts. */
const keyFor = (login: string) => {
  const req = requestClient.getStore()
  return `${req ? clientKey(req) : 'local'}|${login.trim().toLowerCase()}`
}

/**
 * Counts one password try for each name of the account from this address and answers the highest
 * count: past `loginLockRule.tries`, refuse the try without checking the password.
 */
export const countPasswordTry = async (...logins: string[]): Promise<number> => {
  const counts = await Promise.all(logins.map((login) => lockStore().increment(keyFor(login))))
  return Math.max(0, ...counts.map(({ totalHits }) => totalHits))
}

export const isPastLoginLock = (tries: number) => tries > loginLockRule.tries

/** A success from this address (or a new password a teacher gives from it) clears these names' counts here. */
export const clearPasswordTries = async (...logins: string[]) => {
  await Promise.all(logins.map((login) => lockStore().resetKey(keyFor(login))))
}
