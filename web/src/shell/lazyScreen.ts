import { type ComponentType, createElement, lazy } from 'react'

/** A screen whose chunk is fetched when first shown, and which can be fetched ahead (`preload`). */
export type LazyScreen<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> }

/**
 * A screen in its own chunk (React.lazy), drawn at once when its chunk has already been loaded.
 * React.lazy alone suspends on a screen's first render even then, showing the loading state; and
 * React holds a screen revealed after a loading state until that state has been up for 300 ms (its
 * Suspense throttle). A page opened by its address preloads its screens before the first render
 * (`preloadScreens`, shell/App.tsx), so it draws them without that wait.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<ComponentType<P>> | undefined
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed fetch (offline) is tried again the next time the screen is shown.
        loading = undefined
        throw error
      },
    ))
  const Lazy = lazy(() => preload().then((component) => ({ default: component })))
  const Screen = (props: P) => createElement(loaded ?? Lazy, props)
  return Object.assign(Screen, { preload })
}
