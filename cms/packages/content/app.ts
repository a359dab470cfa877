/**
 * The content origin (CONTENT_URL; by default a second port of the same server): Storyline
 * packages and the launcher page that runs them. It is another origin than the product, so a
 * package cannot read the product's pages, storage or API answers; its cookies and localStorage
 * (Storyline's resume needs them) are the storage shim's, kept on the student's attempt
 * (docs/adr/package-trust-model.md). It serves only:
 *
 *   GET /uploads/<activityId>/storyline/*   the package's files (packageFiles.ts: versioned URLs
 *                                           immutable, compressed copies, ranges; its HTML pages
 *                                           with the storage shim inserted first, see packageHtml.ts)
 *   GET /launch/<activityId>                the launcher: the SCORM API around the package
 *   GET /launcher/*                         the launcher's style and the storage shim
 *   GET /clear-site-data                    Clear-Site-Data for this origin (loaded at logout)
 *   POST /blocked-requests/<activityId>     what a package's page policy blocked (packagePolicy.ts)
 *
 * and nothing else: no API, no session, no product cookie is ever read here. Only the product's
 * addresses that hand out this content origin (and the content origin itself, for a package's
 * nested frames) may frame these pages (cms/http/origins.ts). See docs/adr/content-origin-permissions.md.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import express, { type NextFunction, type Request, type Response } from 'express'

import { launcherProductOrigin, productSources } from '../../http/origins'
import { uploadsDir } from '../../config/paths'
import { launcherScripts } from './launcherScripts'

import type { PackageSettings } from '@common/packageHosts'
import { blockedRequestsOf, packagePagePolicy } from './packagePolicy'
import { packageFiles } from './packageFiles'
import { storylineStore } from '../storyline/packageStore'
import { storageShimFile } from './packageHtml'

const here = path.dirname(fileURLToPath(import.meta.url))

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export const launcherPage = (activityId: string, productOrigin: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="civics-product-origin" content="${escapeAttr(productOrigin)}">
<meta name="civics-activity" content="${escapeAttr(activityId)}">
<title>Activity</title>
<link rel="stylesheet" href="/launcher/launcher.css">
${launcherScripts().tags}
</head>
<body>
<p id="launcher-status" role="status">Loading the activity…</p>
</body>
</html>
`

/** The product's addresses that may frame this request's page (never `*`; `'self'` for nested frames). */
const frameAncestors = (sources: string[]) => `frame-ancestors 'self'${sources.map((source) => ` ${source}`).join('')}`
const productSourcesOf = (req: Request) => productSources(req.protocol, req.hostname)

const common = (_req: Request, res: Response, next: NextFunction) => {
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
  next()
}

const storylinePath = /^\/([A-Za-z0-9_-]+)\/storyline\//
const htmlPage = /\.html?$/i
const activityIdPattern = /^[A-Za-z0-9_-]{1,64}$/

/** Without the product's data (a test of the origin alone), packages get no allowed host and reports go nowhere. */
const noSettings: PackageSettings = { allowedHosts: async () => [], recordBlocked: async () => {} }

export const createContentApp = (settings: PackageSettings = noSettings) => {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', process.env.TRUST_PROXY ? Number(process.env.TRUST_PROXY) || process.env.TRUST_PROXY : false)
  app.use(common)

  app.get('/launch/:activityId', (req, res) => {
    const id = req.params.activityId
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) {
      res.status(404).type('text/plain').send('Not found.')
      return
    }
    // The address of the product that opened it: named in the launcher's URL when this origin cannot tell it.
    const productOrigin = launcherProductOrigin(productSourcesOf(req), req.query.product)
    res.setHeader(
      'Content-Security-Policy',
      // Only the launcher's own scripts run here, pinned by hash: not a package's file, though
      // the package shares this origin.
      `default-src 'none'; script-src ${launcherScripts().sources}; style-src 'self'; frame-src 'self'; connect-src 'none'; img-src 'self'; base-uri 'none'; form-action 'none'; ${frameAncestors(productOrigin ? [productOrigin] : [])}`,
    )
    res.setHeader('Cache-Control', 'no-cache')
    res.type('html').send(launcherPage(id, productOrigin ?? ''))
  })

  // The launcher's scripts are inlined in its page; only what other pages load is served here.
  const launcherFiles: Record<string, () => string> = {
    'launcher.css': () => path.join(here, 'launcher.css'),
    'storage-shim.js': storageShimFile,
  }
  app.get('/launcher/:file', (req, res) => {
    const file = launcherFiles[req.params.file]
    if (!file) {
      res.status(404).type('text/plain').send('Not found.')
      return
    }
    res.setHeader('Cache-Control', 'no-cache')
    res.sendFile(file())
  })

  // Loaded by the product at logout (a shared device): whatever a package left in this origin's
  // cookies and storage outside the storage shim goes with the student.
  app.get('/clear-site-data', (req, res) => {
    res.setHeader('Clear-Site-Data', '"cookies", "storage"')
    res.setHeader('Cache-Control', 'no-store')
    res.setHeader('Content-Security-Policy', frameAncestors(productSourcesOf(req)))
    res.status(204).end()
  })

  // Browsers send CSP reports as JSON of their own types; a report is small.
  const reportBody = express.json({ type: ['application/csp-report', 'application/reports+json', 'application/json'], limit: '16kb' })
  app.post('/blocked-requests/:activityId', reportBody, (req, res) => {
    const id = req.params.activityId
    if (!activityIdPattern.test(id)) {
      res.status(404).type('text/plain').send('Not found.')
      return
    }
    const blocked = blockedRequestsOf(req.body)
    // The answer does not wait for the record: a report is a hint, and the package goes on.
    if (blocked.length) void settings.recordBlocked(id, blocked).catch(() => {})
    res.status(204).end()
  })

  app.use(
    '/uploads',
    async (req, res, next) => {
      const found = storylinePath.exec(req.path)
      if (!found) {
        res.status(404).type('text/plain').send('Not found.')
        return
      }
      // The package and the frames it nests; framed by the product's modal and the launcher. Its
      // pages also get where they may send requests (the allowed hosts are read on every page, so
      // a change by staff holds from the next open, on every instance).
      const sources = productSourcesOf(req)
      if (!htmlPage.test(req.path)) {
        res.setHeader('Content-Security-Policy', frameAncestors(sources))
        return next()
      }
      // When they cannot be read (the database is away), the package plays with none allowed.
      const allowed = await settings.allowedHosts(found[1]).catch(() => [])
      res.setHeader('Content-Security-Policy', packagePagePolicy({ frameAncestors: frameAncestors(sources), products: sources, allowed, activityId: found[1] }))
      next()
    },
    packageFiles(storylineStore(uploadsDir)),
  )

  app.use((_req: Request, res: Response) => {
    res.status(404).type('text/plain').send('Not found.')
  })
  app.use((error: Error & { status?: number; statusCode?: number }, _req: Request, res: Response, _next: NextFunction) => {
    const status = error.status ?? error.statusCode ?? 500
    if (!res.headersSent)
      res
        .status(status)
        .type('text/plain')
        .send(
          status === 404
            ? 'Not found.'
            : status === 403
              ? 'Forbidden.'
              : status === 413
                ? 'The request body is too large.'
                : status === 400
                  ? 'The request body could not be read.'
                  : 'Something went wrong.',
        )
  })
  return app
}
