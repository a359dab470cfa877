/**
 * The session a launch hands the package's runtime (`launch.session`): it names the attempt and
 * which try it belongs to, signed with a key derived from the Payload secret, so a save from any
 * tab or window the student opened (not only the newest) is recognised without keeping a list of
 * them, and a made-up or another student's session is not. See docs/adr/attempts-keep-the-best-result.md.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'

const key = (secret: string) => createHmac('sha256', secret).update('civics360 attempt session v1').digest()

const sign = (secret: string, attemptId: unknown, tries: number, nonce: string) =>
  createHmac('sha256', key(secret))
    .update(`${String(attemptId)}.${tries}.${nonce}`)
    .digest('base64url')
    .slice(0, 22)

/** A new session of try `tries` of the attempt. */
export const issueSession = (secret: string, attemptId: unknown, tries: number): string => {
  const nonce = randomUUID()
  return `${tries}.${nonce}.${sign(secret, attemptId, tries, nonce)}`
}

/** The try a session of this attempt belongs to, or null when the server did not issue it for this attempt. */
export const sessionTry = (secret: string, attemptId: unknown, session: string): number | null => {
  const [tries, nonce, signature, extra] = session.split('.')
  if (!tries || !nonce || !signature || extra !== undefined || !/^\d{1,9}$/.test(tries)) return null
  const expected = Buffer.from(sign(secret, attemptId, Number(tries), nonce))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  return Number(tries)
}
