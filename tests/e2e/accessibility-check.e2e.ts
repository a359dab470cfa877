import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'

import { baseURL, expectAccessible, freshPagePerTest, visible } from './browser'

/**
 * The accessibility check every browser test relies on: it must fail on a serious violation, both
 * on a page it has not checked yet and on a screen drawn later in a document it already checked
 * (where it reuses the axe it put there).
 */
let page: Page
freshPagePerTest((session) => ({ page } = session))

it('passes the sign-in page, then fails on what a later screen of the same page breaks, and on a new page', async () => {
  await page.goto(`${baseURL()}/login`)
  await visible(page.getByRole('heading', { level: 1 }))
  await expectAccessible(page, 'sign-in')

  // A screen drawn in the same document: text too faint to read.
  await page.evaluate(`document.querySelector('main').insertAdjacentHTML('beforeend', '<p style="color:#bbb;background:#fff">Faint words</p>')`)
  await expect(expectAccessible(page, 'faint text')).rejects.toThrow(/color-contrast/)

  // A new document: an image with no text for a screen reader.
  await page.goto(`${baseURL()}/`)
  await visible(page.getByRole('region', { name: 'Topics' }))
  await page.evaluate(`document.body.insertAdjacentHTML('beforeend', '<img src="/favicon.ico">')`)
  await expect(expectAccessible(page, 'image without alt')).rejects.toThrow(/image-alt/)
})
