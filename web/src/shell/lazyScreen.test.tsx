import { act, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { lazyScreen } from './lazyScreen'

function NameForm({ label }: { label: string }) {
  return (
    <label>
      {label}
      <input />
    </label>
  )
}

/** A screen whose chunk arrives when the test says so. */
const deferredScreen = () => {
  let arrive = () => undefined as void
  const Screen = lazyScreen<{ label: string }>(() => new Promise((resolve) => (arrive = () => resolve(NameForm))))
  return { Screen, arrive: () => act(async () => arrive()) }
}

describe('a screen in its own chunk', () => {
  it('is drawn at once, without the loading state, when its chunk was preloaded', async () => {
    const { Screen, arrive } = deferredScreen()
    const preloaded = Screen.preload()
    await arrive()
    await preloaded
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen label="Name" />
      </Suspense>,
    )
    expect(screen.queryByText('Loading')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toBeInTheDocument()
  })
})
