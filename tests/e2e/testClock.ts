import fs from 'node:fs'
import path from 'node:path'

import type { Page } from 'playwright-core'

import { dataDir } from './browser'

/**
 * Moves this worker's server's clock (`TEST_CLOCK_FILE`, set by globalSetup) `offsetMs` ahead of
 * the real one, and, given a page, its Chromium's clock with it. The files on one server run one at a
 * time, so a file that moves it puts it back (`moveServerClock(0)`) when it ends.
 */
export const moveServerClock = (offsetMs: number) => fs.writeFileSync(path.join(dataDir(), 'clock'), String(offsetMs))

export const moveClocks = async (page: Page, offsetMs: number) => {
  moveServerClock(offsetMs)
  await page.clock.setSystemTime(new Date(Date.now() + offsetMs))
}
