import type { FrameLocator, Page } from 'playwright-core'
import { expect } from 'vitest'

import { visible } from './browser'

/** The seeded Bill of Rights quiz on a first visit: two of its three questions answered as `login`, then the player closed. */
export const answerTwoAndClose = async (page: Page, frame: FrameLocator, login: string) => {
  await visible(frame.getByText(`Taking the quiz as ${login}.`))
  await frame.getByLabel('The First Amendment').check()
  await frame.getByLabel('unreasonable searches and seizures').check()
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
  await page.getByRole('dialog').waitFor({ state: 'detached' })
}

/** The seeded quiz opened again: it resumes with the first answer still chosen, and the third answer passes it. */
export const resumeAndPass = async (frame: FrameLocator) => {
  await visible(frame.getByText('Welcome back! Your answers were saved.'))
  expect(await frame.getByLabel('The First Amendment').isChecked()).toBe(true)
  await frame.getByLabel('Tenth Amendment', { exact: true }).check()
  await frame.getByRole('button', { name: 'Check my answers' }).click()
  await visible(frame.getByText('You answered 3 of 3 correctly. You passed!'))
}
