import http, { type RequestListener } from 'node:http'

import { keepIdleConnectionsPastTheProxy } from '../../http/connectionTimeouts'

/**
 * The largest request head the content origin reads. A browser sends every cookie it holds for the
 * origin with each request, and a package can write them past the storage shim: up to 180 cookies
 * of 4 KB in Chromium. The origin reads none of them, but with Node's default (16 KB) it would answer
 * 431 to every request of that student, and each of their packages would open blank.
 */
export const CONTENT_MAX_HEADER_BYTES = 1024 * 1024

/** The content origin's HTTP server (cms/packages/content/app.ts is what it serves). */
export const createContentServer = (app?: RequestListener) => {
  const server = http.createServer({ maxHeaderSize: CONTENT_MAX_HEADER_BYTES }, app)
  keepIdleConnectionsPastTheProxy(server)
  return server
}
