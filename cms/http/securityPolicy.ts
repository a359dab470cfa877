import { randomBytes } from 'node:crypto'

import { videoHosts } from '@fields/richtext'
import { publicUrl } from '../config/env'

/**
 * Content-Security-Policy and HSTS. The SPA renders HTML written by editors (rich text, video
 * embeds), sanitised on the server; the policy is the second line of defence if an injection gets
 * through: no script runs unless the page's own tags carry this answer's nonce, nothing is framed
 * but the content origin and the video hosts the sanitiser allows, and nothing posts elsewhere.
 * See docs/adr/content-security-policy.md.
 */

/** A fresh nonce for one page answer. */
export const newNonce = () => randomBytes(18).toString('base64')

/**
 * The SPA's policy for one answer; `contentOrigin` is the content origin of the address the page was
 * reached at (cms/http/origins.ts), which frames the quizzes and clears package storage at logout.
 */
export const spaPolicy = (nonce: string, contentOrigin: string) =>
  [
    "default-src 'self'",
    // The entry script and module preloads carry the nonce; the chunks they import are trusted
    // through them ('strict-dynamic'). 'self' only serves browsers without 'strict-dynamic'.
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`,
    // The built page inlines its stylesheet, and React sets style attributes.
    "style-src 'self' 'unsafe-inline'",
    // Media are served by the product (local disk or proxied from object storage); an image of
    // another site in rich text is shown as a link to it (fields/richtext.ts), never fetched.
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "media-src 'self'",
    // The logout's request to clear package storage ends on the content origin (a redirect).
    `connect-src 'self' ${contentOrigin}`,
    `frame-src 'self' ${contentOrigin} ${videoHosts.map((host) => `https://${host}`).join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ')

/**
 * The service worker's own policy (web/src/offline/sw.ts): it imports nothing and asks only the
 * product's own addresses (the pages, API reads and built files it keeps); packages on the content
 * origin never pass through it.
 */
export const serviceWorkerPolicy = () => ["default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'none'"].join('; ')

/**
 * The admin panel's policy (Next.js and Payload): the directives that cannot stop its scripts. Its
 * pages carry inline bootstrap scripts without a nonce, so a script-src would need 'unsafe-inline'
 * and protect nothing.
 */
export const adminPolicy = () => ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'self'", "form-action 'self'"].join('; ')

/**
 * Every script and module preload of the page carries the nonce (added last, so the tags read as
 * before up to it); Vite's loader reads it from the meta tag for the preloads it adds itself. The
 * page data is a JSON data block, which no policy governs, and stays as it is.
 */
export const withNonce = (html: string, nonce: string) =>
  html
    .replace(/<script\b(?![^>]*\bnonce=)(?![^>]*type="application\/json")([^>]*)>/g, `<script$1 nonce="${nonce}">`)
    .replace(/<link\b(?=[^>]*\brel="modulepreload")(?![^>]*\bnonce=)([^>]*?)(\s*\/?)>/g, `<link$1 nonce="${nonce}"$2>`)
    .replace('</head>', `<meta property="csp-nonce" nonce="${nonce}"></head>`)

/** HSTS when the product is served over https: a year, this host only (a school's other hosts may not all have TLS). */
export const strictTransportSecurity = (): string | undefined => (publicUrl().startsWith('https://') ? 'max-age=31536000' : undefined)
