import fs from 'node:fs'

/**
 * The server's "now" for the times that decide late and missing work (an assignment's due time, when
 * an attempt was completed). Tests move it forward by naming a file in `TEST_CLOCK_FILE` that holds
 * an offset in milliseconds: only whoever starts the server sets its environment and writes that
 * file, so no request can move it. Unset (as in production), it is the system clock.
 */
export const now = (): Date => {
  const file = process.env.TEST_CLOCK_FILE
  if (!file) return new Date()
  let offset = 0
  try {
    offset = Number(fs.readFileSync(file, 'utf8').trim()) || 0
  } catch {
    // No file yet: the clock has not been moved.
  }
  return new Date(Date.now() + offset)
}
