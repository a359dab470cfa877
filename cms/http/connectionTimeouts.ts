import type { Server } from 'node:http'

import { secondsFromEnv } from '../config/env'

/**
 * An idle kept-alive connection is closed by the server only after the proxy or client in front
 * has given up on it (load balancers keep them 60 s): closed first by the server, a request the
 * other side sends on it at that moment is lost ("connection reset", a 502 from the proxy).
 */
export const keepIdleConnectionsPastTheProxy = (server: Server) => {
  server.keepAliveTimeout = secondsFromEnv('KEEP_ALIVE_TIMEOUT_SECONDS', 65)
  server.headersTimeout = server.keepAliveTimeout + 1000
}
