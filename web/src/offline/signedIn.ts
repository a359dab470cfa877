import { OPENED_CACHE_PREFIX, VISITOR, type AccountMessage } from './openedPages'

/** Who the page last said is signed in. */
let signedIn: string = VISITOR

/** Says who is signed in to the service worker controlling the page, if any. */
export const repeatToServiceWorker = () => {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  const message: AccountMessage = { type: 'account', account: signedIn }
  navigator.serviceWorker.controller?.postMessage(message)
}

/**
 * Tells the service worker who is signed in now (an account id, or nobody): it deletes every other
 * account's pages (web/src/offline/sw.ts). Posted at once, before the requests the change of account
 * makes, so that the worker files their answers under the new account.
 */
export const tellServiceWorker = (account: string | number | null) => {
  signedIn = account === null ? VISITOR : String(account)
  repeatToServiceWorker()
}

/**
 * Logout: the service worker forgets the account, and every page, answer and file kept for offline
 * use is deleted here too, whether or not a worker is running.
 */
export const forgetOpenedPages = async () => {
  tellServiceWorker(null)
  if (typeof caches === 'undefined') return
  const names = await caches.keys()
  await Promise.all(names.filter((name) => name.startsWith(OPENED_CACHE_PREFIX)).map((name) => caches.delete(name)))
}
