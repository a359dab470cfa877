import type { Request, RequestHandler } from 'express'
import { ipKeyGenerator, rateLimit } from 'express-rate-limit'

const message = 'Too many attempts. Please wait a few minutes and try again.'
const minutes = 60 * 1000

const limiter = (windowMs: number, limit: number, key?: (req: Request) => string): RequestHandler =>
  rateLimit({
    windowMs,
    limit: Math.max(1, Math.round(limit * Number(process.env.RATE_LIMIT_FACTOR || 1))),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: key ?? ((req) => ipKeyGenerator(req.ip || '')),
    handler: (_req, res) => {
      res.status(429).json({ errors: [{ message }] })
    },
  })

/**
 * A whole class often shares one school IP address, so per-IP limits are generous and the
 * tight ones are per IP *and* account (Payload also locks an account after 5 failed logins).
 */
export const rateLimits = () => {
  const perIpLogin = limiter(15 * minutes, 600)
  const perAccountLogin = limiter(15 * minutes, 20, (req) => `${ipKeyGenerator(req.ip || '')}|${String(req.body?.username ?? '')}`)
  return {
    login: [perIpLogin, perAccountLogin],
    signup: limiter(60 * minutes, 200),
    passwordRequest: limiter(15 * minutes, 10),
    passwordReset: limiter(15 * minutes, 30),
    tickets: limiter(60 * minutes, 10),
    classroomCode: limiter(15 * minutes, 300),
    username: limiter(15 * minutes, 600),
  }
}
