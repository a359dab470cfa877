/// <reference lib="webworker" />
/**
 * The service worker: the app's built files are kept at install, and each page, API read and
 * reading file a person opens is kept in that account's own cache, so they open again when the
 * Wi-Fi drops. Only one account's cache exists at a time: as soon as the page says (or a page's
 * data shows) that someone else is signed in, every other account's cache is deleted. See
 * docs/adr/offline-pages.md. Built by vite-plugin-pwa (web/vite.config.ts), served as /sw.js.
 */
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { createPartialResponse } from 'workbox-range-requests'
import type { RouteHandlerCallbackOptions } from 'workbox-core/types'
import { registerRoute } from 'workbox-routing'
import { accountOfCache, accountOfPage, isAccountMessage, isAppPage, isKeptRead, openedCacheName, VISITOR } from './openedPages'

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] }

// A new build's worker replaces the old one at once instead of waiting for every tab to close (a
// classroom laptop keeps its tab open for days): pages are asked of the network first, so the next
// page opened online is the new build, and the new worker keeps the new build's files.
void self.skipWaiting()
clientsClaim()

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
// No navigation preload: the browser would send it for every navigation, also those the worker
// leaves to the network (/authenticate, /admin, links with one-time codes), and then ask the network
// again; a one-time code (an OpenID Connect callback, a confirmation link) would be spent twice.

/** The account whose cache this worker reads and fills; undefined until it learns it again after a restart. */
let current: string | undefined

/** The account now signed in, as last learned, or the one account that has a cache. */
const currentAccount = async (): Promise<string | undefined> => {
  if (current !== undefined) return current
  const accounts = (await caches.keys()).map(accountOfCache).filter((account) => account !== undefined)
  return accounts.length === 1 ? accounts[0] : undefined
}

/** From now on `account` is signed in here: what any other account opened is deleted. */
const switchTo = async (account: string) => {
  current = account
  const names = await caches.keys()
  await Promise.all(names.filter((name) => (accountOfCache(name) ?? account) !== account).map((name) => caches.delete(name)))
}

/** Keeps an answer in the account's cache, unless someone else has signed in meanwhile. */
const keep = async (account: string, request: Request, response: Response) => {
  if ((await currentAccount()) !== account) return
  const name = openedCacheName(account)
  await (await caches.open(name)).put(request, response)
  // A switch while it was written: that cache is no longer anyone's, and goes.
  if ((await currentAccount()) !== account) await caches.delete(name)
}

/** What the account kept for this request (any search parameters and Vary headers as they were). */
const kept = async (account: string, request: Request | string) => {
  const name = openedCacheName(account)
  if (!(await caches.has(name))) return undefined
  return (await caches.open(name)).match(request, { ignoreVary: true })
}

/** Headers a copy made from the decoded body must not repeat. */
const withoutEncoding = (headers: Headers) => {
  const copy = new Headers(headers)
  copy.delete('content-encoding')
  copy.delete('content-length')
  return copy
}

/** A page as the network sent it is kept under the account its page data names. */
const keepPage = async (request: Request, response: Response) => {
  const html = await response.text()
  const account = accountOfPage(html)
  if (account === undefined) return
  if (account !== current) await switchTo(account)
  await keep(account, request, new Response(html, { status: response.status, statusText: response.statusText, headers: withoutEncoding(response.headers) }))
}

/**
 * Offline, the page as it was opened; a page never opened is the account's last page (every page
 * is the same app with the same page data, and the app shows the route asked for).
 */
const keptPage = async (request: Request) => {
  const account = await currentAccount()
  if (account === undefined) return undefined
  const exact = await kept(account, request.url)
  if (exact) return exact
  const name = openedCacheName(account)
  if (!(await caches.has(name))) return undefined
  const cache = await caches.open(name)
  const pages = (await cache.keys()).filter((key) => isAppPage(new URL(key.url).pathname))
  const last = pages.at(-1)
  return last ? cache.match(last, { ignoreVary: true }) : undefined
}

const isKeepable = (response: Response) => response.status === 200 && response.type === 'basic' && !response.redirected

/** The network's answer. */
const fromNetwork = (request: Request): Promise<Response> => fetch(request)

/** The SPA's pages: the network first, the account's kept copy when it cannot be reached. */
const openPage = async ({ request, event }: RouteHandlerCallbackOptions): Promise<Response> => {
  const fetchEvent = event as FetchEvent
  try {
    const response = await fromNetwork(request)
    if (isKeepable(response)) fetchEvent.waitUntil(keepPage(request, response.clone()))
    return response
  } catch (error) {
    const copy = await keptPage(request)
    if (copy) return copy
    throw error
  }
}

/**
 * Whether the request comes from the SPA (or opens a file in a tab of its own): the admin panel is
 * another app, signed in on its own, and what it reads is neither kept nor answered from the caches.
 */
const fromTheApp = async (request: Request, event: FetchEvent) => {
  if (request.mode === 'navigate') return true
  const client = event.clientId ? await self.clients.get(event.clientId) : undefined
  return client !== undefined && isAppPage(new URL(client.url).pathname)
}

/** The API reads and reading files a page makes: the network first, the account's copy offline. */
const openRead = async ({ request, event }: RouteHandlerCallbackOptions): Promise<Response> => {
  if (!(await fromTheApp(request, event as FetchEvent))) return fetch(request)
  const account = await currentAccount()
  // A PDF viewer asks for parts of a file: those are answered from the whole file, never kept.
  const ranged = request.headers.has('range')
  try {
    const response = await fromNetwork(request)
    if (account !== undefined && !ranged && isKeepable(response)) (event as FetchEvent).waitUntil(keep(account, request, response.clone()))
    return response
  } catch (error) {
    const copy = account === undefined ? undefined : await kept(account, request)
    if (!copy) throw error
    return ranged ? createPartialResponse(request, copy) : copy
  }
}

const sameOrigin = (url: URL) => url.origin === self.location.origin

registerRoute(({ request, url }) => sameOrigin(url) && request.method === 'GET' && isKeptRead(url.pathname), openRead)
registerRoute(({ request, url }) => sameOrigin(url) && request.mode === 'navigate' && isAppPage(url.pathname), openPage)

/**
 * After a sign-in in the page (no page load), the account has no page of its own yet: the page the
 * person is on is asked for once, so that the app opens offline. Filed under the account its page
 * data names, whatever the message said.
 */
const keepShell = async (address: string) => {
  const url = new URL(address)
  if (!sameOrigin(url) || !isAppPage(url.pathname)) return
  const request = new Request(url.href, { credentials: 'same-origin', headers: { accept: 'text/html' } })
  const response = await fetch(request)
  if (isKeepable(response)) await keepPage(request, response)
}

const hasPages = async (account: string) => {
  const name = openedCacheName(account)
  if (!(await caches.has(name))) return false
  return (await (await caches.open(name)).keys()).some((key) => isAppPage(new URL(key.url).pathname))
}

// The page says who is signed in (at load, sign-in and logout).
self.addEventListener('message', (event) => {
  if (!isAccountMessage(event.data)) return
  const { account } = event.data
  const source = event.source && 'url' in event.source ? event.source.url : undefined
  event.waitUntil(
    (async () => {
      await switchTo(account)
      if (account !== VISITOR && source && !(await hasPages(account))) await keepShell(source).catch(() => undefined)
    })(),
  )
})
