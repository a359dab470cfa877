import net, { type Server } from 'node:net'

/** A start that cannot work stops with one line that names the setting to change, and no stack. */
export const stopStarting = (line: string): never => {
  console.error(line)
  process.exit(1)
}

/** What listens on each port, as the start's lines name it. */
const listeners = {
  PORT: 'the product',
  CONTENT_PORT: 'the content origin (where Storyline packages play)',
} as const

/** Listens on `port`; a port already taken (or not allowed) stops the start with one line naming `variable`. */
export const listenOrStop = (server: Server, port: number, variable: keyof typeof listeners) =>
  new Promise<void>((resolve) => {
    const what = listeners[variable]
    const failed = (error: NodeJS.ErrnoException) =>
      stopStarting(
        error.code === 'EADDRINUSE'
          ? `${variable} ${port} is already in use: ${what} cannot listen there. Stop what uses it, or set ${variable} to a free port.`
          : `${what} cannot listen on ${variable} ${port} (${error.code ?? error.message}): set ${variable} to a port this process may use.`,
      )
    server.once('error', failed)
    server.listen(port, () => {
      server.off('error', failed)
      resolve()
    })
  })

/**
 * Stops the start at once when `port` cannot be listened on, by listening and closing again: the
 * server's modules take seconds to load before it listens for real (where a port taken meanwhile
 * still stops the start).
 */
export const portFreeOrStop = async (port: number, variable: keyof typeof listeners) => {
  const probe = net.createServer()
  await listenOrStop(probe, port, variable)
  await new Promise((resolve) => probe.close(resolve))
}
