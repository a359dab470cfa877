import { isIPv4 } from 'node:net'

import type { Request, RequestHandler } from 'express'
import { ipKeyGenerator, MemoryStore, type Options, rateLimit, type Store } from 'express-rate-limit'

import { rateLimitStore } from './rateLimitStore'

export const rateLimitMessage = 'Too many attempts. Please wait a few minutes and try again.'
const minutes = 60 * 1000

const mappedIPv4 = '::ffff:'

/**
 * The client's address as its counters' key: express-rate-limit's own (an IPv6 client by its /56
 * network, an IPv4 one by its address). A server listening on both stacks sees IPv4 clients as
 * `::ffff:a.b.c.d`, which that function reads with a full IPv6 parser to return `a.b.c.d`, on the
 * JavaScript thread, for every limiter a request passes. That form is shortened here first.
 */
export const clientKey = (req: Request) => {
  const ip = req.ip || ''
  const v4 = ip.startsWith(mappedIPv4) ? ip.slice(mappedIPv4.length) : undefined
  return v4 && isIPv4(v4) ? v4 : ipKeyGenerator(ip)
}

/** `name` identifies the limiter's counters in the shared store: keep it unique and stable. */
const limiter = (name: string, windowMs: number, limit: number, key?: (req: Request) => string): RequestHandler =>
  rateLimit({
    store: rateLimitStore(name),
    windowMs,
    limit: Math.max(1, Math.round(limit * Number(process.env.RATE_LIMIT_FACTOR || 1))),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: key ?? clientKey,
    handler: (_req, res) => {
      res.status(429).json({ errors: [{ message: rateLimitMessage }] })
    },
  })

/**
 * Counters are shared by every instance on PostgreSQL (cms/http/rateLimitStore.ts), per process on SQLite.
 * A whole class often shares one school IP address, so per-IP limits are generous and the
 * tight ones are per IP *and* account (and cms/auth/loginLock.ts refuses a sixth failed try in a row per address and login).
 */
export const rateLimits = () => {
  const perIpLogin = limiter('login-ip', 15 * minutes, 600)
  const perAccountLogin = limiter('login-account', 15 * minutes, 20, (req) => `${clientKey(req)}|${String(req.body?.username ?? '')}`)
  return {
    login: [perIpLogin, perAccountLogin],
    signup: limiter('signup', 60 * minutes, 200),
    passwordRequest: limiter('password-request', 15 * minutes, 10),
    passwordReset: limiter('password-reset', 15 * minutes, 30),
    tickets: limiter('tickets', 60 * minutes, 10),
    classroomCode: limiter('classroom-code', 15 * minutes, 300),
    username: limiter('username', 15 * minutes, 600),
    // A whole class's new passwords: a reprint is rare, and each call hashes a password per student.
    // Per address and classroom, so the teachers of one school (one address) do not share a budget.
    classLoginCards: limiter('class-login-cards', 60 * minutes, 10, (req) => `${clientKey(req)}|${String(req.params?.id ?? '')}`),
    // Bulk creation of student accounts (each request up to a class); the daily cap per teacher is `quota` below.
    studentAccounts: limiter('student-accounts', 15 * minutes, 60),
  }
}

/**
 * A budget of things (not requests) per key and window, in the rate limits' shared store:
 * `take(key, n)` counts n at once and answers what is left, or, when n does not fit, takes nothing
 * and answers what was left. The n hits of one take are counted by one statement on PostgreSQL
 * (cms/http/rateLimitStore.ts counts the hits of one moment together), so two takes never interleave.
 */
export const quota = (name: string, windowMs: number, limit: number) => {
  let store: Store | undefined
  const counters = () => {
    if (!store) {
      store = rateLimitStore(name) ?? new MemoryStore()
      store.init?.({ windowMs } as Options)
    }
    return store
  }
  const giveBack = async (key: string, n: number) => {
    await Promise.all(Array.from({ length: n }, () => counters().decrement(key)))
  }
  return {
    limit,
    take: async (key: string, n: number): Promise<{ taken: boolean; left: number }> => {
      const hits = await Promise.all(Array.from({ length: n }, () => counters().increment(key)))
      const total = Math.max(0, ...hits.map((hit) => hit.totalHits))
      if (total <= limit) return { taken: true, left: limit - total }
      await giveBack(key, n)
      return { taken: false, left: Math.max(0, limit - (total - n)) }
    },
    giveBack,
  }
}
