import type { AddressInfo } from 'node:net'

import { SMTPServer } from 'smtp-server'

export type Mail = { from: string; to: string[]; raw: string }

/** A real SMTP server on loopback that keeps every message it receives. */
export const startSmtp = async () => {
  const mails: Mail[] = []
  // While held, a message is read but not yet accepted: its sender waits for the server's answer.
  let held: Promise<void> | undefined
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = ''
      stream.setEncoding('utf8')
      stream.on('data', (chunk: string) => (raw += chunk))
      stream.on('end', async () => {
        await held
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    port,
    mails,
    /** Waits for a message to `to`. */
    async waitFor(to: string, timeoutMs = 10_000) {
      const end = Date.now() + timeoutMs
      while (Date.now() < end) {
        const mail = mails.find((m) => m.to.includes(to))
        if (mail) return mail
        await new Promise((r) => setTimeout(r, 50))
      }
      throw new Error(`no mail to ${to}`)
    },
    /** Holds every message until the returned function is called, as a slow mail server would. */
    hold() {
      let release = () => {}
      held = new Promise<void>((resolve) => (release = resolve))
      return () => {
        held = undefined
        release()
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The text of a quoted-printable message body, soft line breaks joined. */
export const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
