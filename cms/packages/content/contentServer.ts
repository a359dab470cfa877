import http, { type RequestListener } from 'node:http'

import { keepIdleConnectionsPastTheProxy } from '../../http/connectionTimeouts'

/**
 * The largest request head the content origin reads: more than all the cookies a browser keeps for
 * one site. A browser sends every cookie it holds for the origin with each request, and a package
 * can write them past the storage shim. The origin reads none of them, but under Node's default
 * limit it would refuse every request of that student (431), and each of their packages would open blank.
 */
export const CONTENT_MAX_HEADER_BYTES = 1024 * 1024

/** The content origin's HTTP server (cms/packages/content/app.ts is what it serves). */
export const createContentServer = (app?: RequestListener) => {
  const server = http.createServer({ maxHeaderSize: CONTENT_MAX_HEADER_BYTES }, app)
  keepIdleConnectionsPastTheProxy(server)
  return server
}
