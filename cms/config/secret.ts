import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { dataDir } from './paths'

/**
 * PAYLOAD_SECRET from the environment; otherwise, for the embedded default, a random secret
 * generated once into data/ (never committed, never a constant).
 */
export const payloadSecret = (): string => {
  if (process.env.PAYLOAD_SECRET) return process.env.PAYLOAD_SECRET
  const file = path.join(dataDir, '.payload-secret')
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    fs.mkdirSync(dataDir, { recursive: true })
    const secret = randomBytes(48).toString('base64url')
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
      return secret
    } catch {
      // Another process wrote it first: use theirs.
      return fs.readFileSync(file, 'utf8').trim()
    }
  }
}
