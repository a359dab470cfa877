import fs from 'node:fs'
import type http from 'node:http'
import path from 'node:path'

import compression from 'compression'
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express'
import expressStaticGzip from 'express-static-gzip'
import type { Payload, SanitizedConfig } from 'payload'

import { bodyGate } from './bodyGate'
import { clientAbortLine, isClientAbort } from './clientAbort'
import {
  answerDatabaseBusy,
  databaseBusyHeaders,
  databaseBusyMessageFor,
  metDatabaseTrouble,
  noteDatabaseTrouble,
  retryAfterSeconds,
  watchDatabaseTrouble,
} from '../database/databaseErrors'
import { reasonOf } from '../database/databaseWait'
import { csrfProtection, ensureCsrfToken } from './csrf'
import { publicUrl } from '../config/env'
import { requestLanguage } from './messages/translate'
import { healthRoutes } from '../startup/health'
import { enabledProviders } from '../auth/oauth/config'
import { socialSignInRoutes } from '../auth/oauth/routes'
import { districtSignInRoutes } from '../auth/district/routes'
import { pageDataPattern, pageUser, scriptSafeJson } from './pageData'
import { type BuildManifest, modulePreloads, pagePreloads } from './pagePreloads'
import { payloadApiHandler, payloadGet, sendResponse } from './payloadHandler'
import { defaultContentOrigin, originFrom, productAddress, rememberRequestOrigin } from './origins'
import { answerFromPublicCache, oneAccountVersionPerRequest, publicReadCache, watchChanges } from '@cms/cache'
import { rememberClient } from '../auth/loginLock'
import { rateLimits } from './rateLimits'
import { uploadsDir, webDistDir } from '../config/paths'
import { uploadCaching } from '../packages/uploadCaching'
import { refuseAmbiguousSession } from '../auth/sessionHeaders'
import { adminPolicy, newNonce, serviceWorkerPolicy, spaPolicy, strictTransportSecurity, withNonce } from './securityPolicy'
import { sendWhole } from './wholeAnswer'
import { enabledDistricts } from '@collections/IdentityProviders/endpoints/districtList'

type NextHandler = (req: Request, res: Response) => Promise<void> | void

export type AppOptions = {
  payload: Payload
  config: Promise<SanitizedConfig>
  /** Next's request handler for /admin and /_next; absent in tests that need no admin panel. */
  next?: NextHandler
}

const kb = 1024

/** Headers on every answer, the app's and the public cache's hits alike. */
const setSecurityHeaders = (req: http.IncomingMessage, res: http.ServerResponse) => {
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
  if (!req.url?.startsWith('/uploads/')) res.setHeader('X-Frame-Options', 'SAMEORIGIN')
  const hsts = strictTransportSecurity()
  if (hsts) res.setHeader('Strict-Transport-Security', hsts)
}
const securityHeaders = (req: Request, res: Response, next: NextFunction) => {
  setSecurityHeaders(req, res)
  next()
}

/** The method Payload will act on: a POST with a method-override header is read as a GET. */
const effectiveMethod = (req: Request) => {
  const override = req.headers['x-payload-http-method-override'] || req.headers['x-http-method-override']
  if (req.method === 'POST' && override === 'GET') return 'GET'
  return req.method === 'HEAD' ? 'GET' : req.method
}

/** A limiter for a read, however the read is sent. */
const asRead = (limiter: RequestHandler) => (req: Request, res: Response, next: NextFunction) =>
  effectiveMethod(req) === 'GET' ? limiter(req, res, next) : next()

/**
 * The server's request listener: a request whose session cannot be read one way only is refused
 * before anything reads it (cms/auth/sessionHeaders.ts), a public-cache hit is answered at once
 * (cms/cache/publicCache.ts), and everything else goes to the Express app.
 */
export const createApp = (options: AppOptions): http.RequestListener => {
  const app = createExpressApp(options)
  const toApp = (req: http.IncomingMessage, res: http.ServerResponse) => void app(req, res)
  return (req, res) => {
    if (refuseAmbiguousSession(options.payload, req, res, setSecurityHeaders)) return
    const answered = answerFromPublicCache(options.payload, req, res, setSecurityHeaders)
    if (answered === false) return toApp(req, res)
    answered.then(
      (done) => done || toApp(req, res),
      () => toApp(req, res),
    )
  }
}

/** The single Express app: /api → Payload, /admin → Next, /uploads static, everything else the SPA. */
const createExpressApp = ({ payload, config, next }: AppOptions) => {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', process.env.TRUST_PROXY ? Number(process.env.TRUST_PROXY) || process.env.TRUST_PROXY : false)
  app.use(securityHeaders)
  // The address each request came to, for the launch Payload answers (cms/http/origins.ts).
  app.use(rememberRequestOrigin)
  app.use(oneAccountVersionPerRequest)
  // Whether the request meets an unreachable database, wherever its code meets it (cms/database/databaseErrors.ts).
  app.use(watchDatabaseTrouble)
  // Every text response compressed (JSON, HTML, CSS, JS); brotli at quality 4, gzip otherwise.
  // Answers that carry their own Content-Encoding pass as they are: the cache's, precompressed
  // files, and whole answers compressed in one call (Payload's JSON, the page: cms/http/wholeAnswer.ts).
  const compress = compression({ threshold: kb })
  // Published content first, answered from memory with its own encodings (GET and HEAD only:
  // nothing that follows acts on those but to add a CSRF cookie, which a shared answer must not
  // carry). Ahead of the compression wrapper and the CSRF token made for every answer, which took
  // more of the server than the cached answer itself. An answer it does not cache (an error, one
  // that sets a cookie) is compressed like any other.
  app.use(publicReadCache(payload, payloadGet(config), (req, res, response) => compress(req, res, () => sendResponse(req, res, response))))
  app.use(compress)

  const limits = rateLimits()
  const api = payloadApiHandler(
    config,
    {
      jsonBytes: Number(process.env.MAX_JSON_KB || 512) * kb,
      uploadBytes: Number(process.env.MAX_UPLOAD_MB || 600) * kb * kb,
    },
    watchChanges,
  )
  app.get('/api/health', (_req, res) => {
    res.json({ status: 'ok' })
  })
  app.use(healthRoutes(payload))
  app.use('/api/xapi', xapiCors)
  app.use('/api', csrfProtection(publicUrl()))
  // API clients that keep cookies (curl -c/-b) get the CSRF token too, to send back as X-XSRF-TOKEN.
  app.use('/api', (req, res, next) => {
    ensureCsrfToken(req, res)
    next()
  })
  app.use('/api', rememberClient)
  // Every route to the same action shares its limit: Payload's generated /api/users/login,
  // forgot-password and reset-password are the product's own handlers (collections/Users), and a
  // POST that Payload reads as a GET (method override) counts as that GET.
  app.post(['/api/login', '/api/users/login'], express.json({ limit: '16kb' }), ...limits.login)
  app.post('/api/signup', limits.signup)
  // Everything that sends mail shares one budget per address.
  app.post(['/api/password/request', '/api/users/forgot-password', '/api/email/confirm/resend'], limits.passwordRequest)
  app.post(['/api/password/reset', '/api/users/reset-password', '/api/email/confirm'], limits.passwordReset)
  app.post('/api/tickets', limits.tickets)
  app.all('/api/classrooms/code/{*code}', asRead(limits.classroomCode))
  app.all('/api/users/username', asRead(limits.username))
  app.post('/api/classrooms/:id/login-cards', limits.classLoginCards)
  app.post('/api/classrooms/:id/students', limits.studentAccounts)
  app.use('/api', bodyGate(payload, Number(process.env.MAX_ANONYMOUS_KB || 64) * kb))
  app.all('/api/{*path}', api)

  // Logout clears the content origin's cookies and storage (web/src/session/api/session.ts).
  app.get('/package-storage/clear', (req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    res.redirect(302, `${contentOriginOf(req) ?? defaultContentOrigin()}/clear-site-data`)
  })

  app.use(
    '/uploads',
    storylineOnContentOrigin,
    uploadHeaders,
    express.static(uploadsDir, { index: false, redirect: false, dotfiles: 'deny', fallthrough: false, cacheControl: false, setHeaders: uploadCaching }),
  )

  // Before the social routes, whose /authenticate/:provider/callback would otherwise take a district called "callback".
  app.use(districtSignInRoutes(payload))
  app.use(socialSignInRoutes(payload))

  if (next) {
    const admin = (req: Request, res: Response) => {
      res.setHeader('Content-Security-Policy', adminPolicy())
      return next(req, res)
    }
    app.all('/admin', admin)
    app.all('/admin/{*path}', admin)
    app.all('/_next/{*path}', (req, res) => next(req, res))
    app.all('/__nextjs_original-stack-frame', (req, res) => next(req, res))
  }

  const indexPage = builtIndexPage(webDistDir)
  // The build writes .br and .gz beside every text asset (web/vite.config.ts); they are sent as they are.
  const builtFiles = expressStaticGzip(webDistDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: { index: false, maxAge: '1h', setHeaders: immutableAssets },
  })
  // Only a path with a file extension can name a built file; the SPA's routes have none. Asked about
  // those, the static handler cost every page a file lookup and a 404 error it then discarded.
  app.use((req, res, nextFn) => (path.extname(req.path) ? builtFiles(req, res, nextFn) : nextFn()))
  app.get('/{*path}', async (req, res, nextFn) => {
    try {
      const page = await indexPage()
      if (page === undefined) {
        res.status(503).type('text/plain').send('The web app is not built yet. Run `npm run build:web`.')
        return
      }
      const csrfToken = ensureCsrfToken(req, res)
      const headers = new Headers()
      if (req.headers.cookie) headers.set('cookie', req.headers.cookie)
      if (req.headers.authorization) headers.set('authorization', req.headers.authorization)
      const user = await pageUser(payload, headers)
      // Not signed out: the account could not be read. A page that says so and tries again.
      if (metDatabaseTrouble()) return void busyPage(req, res)
      // The login page's district picker comes with the page, so the form does not move when it arrives.
      const districts = req.path === '/login' ? (await enabledDistricts(payload).catch(() => null))?.districts : undefined
      const nonce = newNonce()
      const html = page.html
        .replace(
          pageDataPattern,
          `<script id="page-data" type="application/json">${scriptSafeJson({ csrfToken, user, socialProviders: enabledProviders(), ...(districts ? { districts } : {}) })}</script>`,
        )
        .replace('</head>', `${pagePreloads(req.path, user, req.headers['accept-language'])}${page.modules.get(req.path) ?? ''}</head>`)
      res.setHeader('Cache-Control', 'no-store')
      res.setHeader('Content-Security-Policy', spaPolicy(nonce, contentOriginOf(req) ?? defaultContentOrigin()))
      res.type('html')
      await sendWhole(req, res, Buffer.from(withNonce(html, nonce)))
    } catch (error) {
      nextFn(error)
    }
  })

  app.use((error: Error & { status?: number; statusCode?: number; type?: string }, req: Request, res: Response, _next: NextFunction) => {
    if (isClientAbort(req)) {
      payload.logger.info(clientAbortLine(req))
      return
    }
    if ((noteDatabaseTrouble(error) || metDatabaseTrouble()) && !res.headersSent) {
      payload.logger.warn(`${req.method} ${req.path}: the database cannot be reached (${reasonOf(error)}); answered 503`)
      return void answerDatabaseBusy(req, res)
    }
    const status = error.status ?? error.statusCode ?? 500
    if (status >= 500) payload.logger.error({ err: error }, 'Unhandled server error')
    const message =
      error.type === 'entity.parse.failed'
        ? 'The request body is not valid JSON.'
        : error.type === 'entity.too.large'
          ? 'The request is too large.'
          : status < 500
            ? error.message
            : 'Something went wrong on our side. Please try again.'
    if (!res.headersSent) res.status(status).json({ errors: [{ message }] })
  })
  return app
}

/** A page while the database cannot be reached: the message, and a reload when Retry-After says. */
const busyPage = (req: Request, res: Response) =>
  res
    .status(503)
    .set(databaseBusyHeaders())
    .type('html')
    .send(
      `<!doctype html><html lang="${requestLanguage(req.headers['accept-language'])}"><head><meta charset="utf-8"><meta http-equiv="refresh" content="${retryAfterSeconds}"><title>Civics360</title></head><body><main><h1>Civics360</h1><p role="status">${databaseBusyMessageFor(req)}</p></main></body></html>`,
    )

/**
 * The built index.html and the sign-in pages' module preloads (from Vite's manifest), read once
 * per build (a stat per request notices a new one), or undefined before the web app is built.
 * Every page answer is this file with the request's page data.
 */
const builtIndexPage = (distDir: string) => {
  const indexFile = path.join(distDir, 'index.html')
  let cached: { mtimeMs: number; html: string; modules: Map<string, string> } | undefined
  return async (): Promise<typeof cached> => {
    const stat = await fs.promises.stat(indexFile).catch(() => undefined)
    if (!stat) return undefined
    if (cached?.mtimeMs !== stat.mtimeMs) {
      const manifest = await fs.promises
        .readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8')
        .then((text) => JSON.parse(text) as BuildManifest)
        .catch(() => ({}))
      cached = { mtimeMs: stat.mtimeMs, html: await fs.promises.readFile(indexFile, 'utf8'), modules: modulePreloads(manifest) }
    }
    return cached
  }
}

const storylinePath = /^\/[A-Za-z0-9_-]+\/storyline\//
const packageInternalPath = /^\/(?!media\/)[A-Za-z0-9_-]+\/(?!storyline\/)/

/** The content origin that the address this request came to hands out (cms/http/origins.ts). */
const contentOriginOf = (req: Request) => {
  const address = productAddress(originFrom(req.protocol, req.host))
  return address.allowed ? address.contentOrigin : null
}

/**
 * Storyline packages are served from the content origin (cms/packages/content/app.ts); the spec's path
 * /uploads/<id>/storyline/… on the product's origin forwards there: to the content origin of the
 * address the request came to (PUBLIC_URL's for an address that is not the product's). See
 * docs/adr/content-origin-permissions.md.
 */
const storylineOnContentOrigin = (req: Request, res: Response, next: NextFunction) => {
  // Package versions and their pointer are the content origin's to serve, never this origin's.
  if (packageInternalPath.test(req.path)) return void res.status(404).type('text/plain').send('Not found.')
  if (!storylinePath.test(req.path)) return next()
  res.redirect(302, `${contentOriginOf(req) ?? defaultContentOrigin()}/uploads${req.url}`)
}

/**
 * The LRS under /api/xapi answers packages on the content origin (and only there): CORS for the
 * content origin of the address the package calls it at, without credentials; the launch token in
 * Authorization is the only way in.
 */
const xapiCors = (req: Request, res: Response, next: NextFunction) => {
  const contentOrigin = contentOriginOf(req)
  const allowed = contentOrigin !== null && req.headers.origin === contentOrigin
  if (allowed) {
    res.setHeader('Access-Control-Allow-Origin', contentOrigin)
    res.setHeader('Access-Control-Expose-Headers', 'ETag, Last-Modified, X-Experience-API-Version, X-Experience-API-Consistent-Through')
  }
  res.append('Vary', 'Origin')
  if (req.method !== 'OPTIONS') return next()
  if (allowed) {
    res.setHeader('Access-Control-Allow-Methods', 'GET, PUT, POST, DELETE')
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, X-Experience-API-Version, If-Match, If-None-Match')
    res.setHeader('Access-Control-Max-Age', '600')
  }
  res.status(204).end()
}

/** Media files: nothing in them may run. */
const uploadHeaders = (_req: Request, res: Response, next: NextFunction) => {
  res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
  res.setHeader('X-Content-Type-Options', 'nosniff')
  next()
}

/**
 * Vite puts a content hash in every asset name, so those can be cached for a year. The service
 * worker (web/src/offline/sw.ts) keeps its name from build to build: asked again each time, so a
 * new build's worker replaces the old one; only the product's own addresses are open to it.
 */
const immutableAssets = (res: http.ServerResponse, filePath: string) => {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
  else if (/^sw\.js(\.br|\.gz)?$/.test(path.basename(filePath))) {
    res.setHeader('Cache-Control', 'no-cache')
    res.setHeader('Content-Security-Policy', serviceWorkerPolicy())
  }
}
