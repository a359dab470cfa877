import { type ComponentType, createElement, lazy } from 'react'

/** A screen whose chunk is fetched when first shown, and which can be fetched ahead (`preload`). */
export type LazyScreen<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> }

/**
 * A screen in its own chunk (React.lazy), drawn at once when its chunk has already been loaded.
 * React.lazy alone suspends on a screen's first render even then, showing the loading state; and
 * React holds a screen revealed after a loading state until that state has been up a while (its
 * Suspense throttle), which a teacher waits out with every answer in. A page opened by its address
 * preloads its screens before the first render (`preloadScreens`, shell/App.tsx), so it draws them
 * without that wait. (A screen that suspended is drawn afresh once its chunk is in, by then as the
 * loaded screen: `loaded` is set before React.lazy's promise resolves.)
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<ComponentType<P>> | undefined
  const preload = () => (loading ??= load().then((component) => (loaded = component)))
  const Lazy = lazy(() => preload().then((component) => ({ default: component })))
  const Screen = (props: P) => createElement(loaded ?? Lazy, props)
  return Object.assign(Screen, { preload })
}
