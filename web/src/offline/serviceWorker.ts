import { repeatToServiceWorker } from './signedIn'

// Loaded once the page has loaded (main.tsx): no part of the page's entry.

/** Registers the service worker (web/src/offline/sw.ts). Not under the Vite dev server, which builds no worker. */
export const registerServiceWorker = () => {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  // The first worker (or a new build's) takes control after the page has started: it learns who is signed in then.
  navigator.serviceWorker.addEventListener('controllerchange', repeatToServiceWorker)
  // `updateViaCache: 'none'`: the browser asks the server for the worker itself on every check, so a
  // new build reaches the next page opened.
  void navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch(() => undefined)
}
