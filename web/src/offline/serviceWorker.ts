import { OPENED_CACHE_PREFIX, VISITOR, type AccountMessage } from './openedPages'

const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof caches !== 'undefined'

/** Who the page last said is signed in: said again to a worker that takes control of the page later. */
let signedIn: string = VISITOR

/**
 * Posted at once to the worker controlling the page, before the requests the change of account
 * makes, so that the worker files their answers under the new account.
 */
const post = (account: string) => {
  const message: AccountMessage = { type: 'account', account }
  navigator.serviceWorker.controller?.postMessage(message)
}

/**
 * Registers the service worker (web/src/offline/sw.ts), after the page has loaded so that it never
 * competes with the first render. Not under the Vite dev server, which builds no worker.
 */
export const registerServiceWorker = () => {
  if (!supported() || import.meta.env.DEV) return
  // The first worker (or a new build's) starts after the page: it learns who is signed in then.
  navigator.serviceWorker.addEventListener('controllerchange', () => post(signedIn))
  const register = () =>
    // `updateViaCache: 'none'`: the browser asks the server for the worker itself on every check,
    // so a new build reaches the next page opened.
    navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch(() => undefined)
  if (document.readyState === 'complete') void register()
  else window.addEventListener('load', () => void register(), { once: true })
}

/** Tells the service worker who is signed in now (an account id, or nobody): it deletes every other account's pages. */
export const tellServiceWorker = (account: string | number | null) => {
  if (!supported()) return
  signedIn = account === null ? VISITOR : String(account)
  post(signedIn)
}

/**
 * Logout: the service worker forgets the account, and every page, answer and file kept for offline
 * use is deleted here too, whether or not a worker is running.
 */
export const forgetOpenedPages = async () => {
  if (!supported()) return
  tellServiceWorker(null)
  const names = await caches.keys()
  await Promise.all(names.filter((name) => name.startsWith(OPENED_CACHE_PREFIX)).map((name) => caches.delete(name)))
}
