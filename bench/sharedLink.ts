import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/**
 * A school's line for a bench: an HTTP proxy on loopback that every page of a class goes through
 * (Chromium's `--proxy-server`), whose answers share one rate, as thirty Chromebooks share the
 * school's link to the internet, and arrive a round trip late.
 *
 * The line sends one piece at a time in the order pieces asked for it, so pages downloading at once
 * share it about evenly (as TCP flows through one router do) and a page alone gets all of it. Only
 * the answers' bytes are paced (status line, headers and body): the requests are small. The pages'
 * own browser caches answer without the line, as a Chromebook's do.
 */
export type SharedLink = {
  /** The `--proxy-server` address. */
  proxy: string
  /** Answer bytes sent through the line so far. */
  sent: () => number
  close: () => Promise<void>
}

/** A piece small enough that pages waiting for the line take turns often. */
const piece = 16 * 1024

export const startSharedLink = async ({ bytesPerSecond, latencyMs }: { bytesPerSecond: number; latencyMs: number }): Promise<SharedLink> => {
  // When the line is free again, in ms (performance.now): each piece takes it for its size / rate.
  let freeAt = 0
  let sent = 0
  /** Resolves when `bytes` have crossed the line, after the pieces asked for before them. */
  const cross = (bytes: number) => {
    const start = Math.max(performance.now(), freeAt)
    freeAt = start + (bytes / bytesPerSecond) * 1000
    sent += bytes
    const wait = freeAt - performance.now()
    return wait > 1 ? new Promise<void>((resolve) => setTimeout(resolve, wait)) : Promise.resolve()
  }
  const paced = () =>
    new Transform({
      transform(chunk: Buffer, _encoding, done: TransformCallback) {
        void (async () => {
          for (let at = 0; at < chunk.length; at += piece) {
            const part = chunk.subarray(at, at + piece)
            await cross(part.length)
            this.push(part)
          }
          done()
        })()
      },
    })
  const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  const upstream = new http.Agent({ keepAlive: true, maxSockets: Infinity })
  const proxy = http.createServer(async (req, res) => {
    try {
      const target = new URL(req.url ?? '')
      const headers = { ...req.headers }
      delete headers['proxy-connection']
      // Half the round trip on the way out, half on the way back.
      await delay(latencyMs / 2)
      const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
        const forwarded = http.request(target, { method: req.method, headers, agent: upstream }, resolve)
        forwarded.on('error', reject)
        req.pipe(forwarded)
      })
      await delay(latencyMs / 2)
      const head = Object.entries(answer.headers).reduce((size, [name, value]) => size + name.length + String(value).length + 4, 20)
      await cross(head)
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      await pipeline(answer, paced(), res)
    } catch (error) {
      if (!res.headersSent) res.writeHead(502).end(String(error))
      else res.destroy()
    }
  })
  proxy.keepAliveTimeout = 120_000
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const { port } = proxy.address() as AddressInfo
  return {
    proxy: `http://127.0.0.1:${port}`,
    sent: () => sent,
    close: async () => {
      proxy.closeAllConnections()
      await new Promise((resolve) => proxy.close(resolve))
      upstream.destroy()
    },
  }
}
