import { render, screen } from '@testing-library/react'
import { lazy, Suspense } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ScreenFailed } from './ScreenFailed'

// React reports every error a boundary catches on the console; these are the tests' own.
const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => undefined)
afterEach(() => vi.restoreAllMocks())

const unreachableScreen = () => lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/TopicPage.js')))

describe('ScreenFailed', () => {
  it("says the page could not be loaded, with a way to try again, when a screen's script cannot be fetched", async () => {
    quiet()
    const Unreachable = unreachableScreen()
    render(
      <ScreenFailed resetKey="/topics/3">
        <Suspense fallback={<p>Loading</p>}>
          <Unreachable />
        </Suspense>
      </ScreenFailed>,
    )
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument()
    expect(screen.getByText('Check your connection, then try again.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('draws the screen of the next address the reader goes to', async () => {
    quiet()
    const Unreachable = unreachableScreen()
    const { rerender } = render(
      <ScreenFailed resetKey="/topics/3">
        <Suspense fallback={<p>Loading</p>}>
          <Unreachable />
        </Suspense>
      </ScreenFailed>,
    )
    await screen.findByRole('heading', { name: 'This page could not be loaded' })
    rerender(
      <ScreenFailed resetKey="/topics">
        <h1>Topics</h1>
      </ScreenFailed>,
    )
    expect(screen.getByRole('heading', { name: 'Topics' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'This page could not be loaded' })).toBeNull()
  })
})
