import { useSWRConfig } from 'swr'
import en from '../i18n/locales/en.json'
import { ApiError, getCsrfToken, request, withLocale } from '../api/client'
import { editingLocale } from './editingLocale'
import { DEFAULT_LOCALE } from '../../../common/locales'
import type { Collection } from './consoleScopes'

const PAGE_SIZE = 20

/** Payload answers of list, create and update calls. */
export interface ListAnswer<T> {
  docs: T[]
  totalDocs: number
  totalPages: number
  page: number
  hasNextPage: boolean
  hasPrevPage: boolean
}

export interface DocAnswer<T> {
  doc: T
  message?: string
}

export interface ListQuery {
  page?: number
  sort?: string
  /** Extra query-string pairs, e.g. ['where[status][equals]', 'open']. */
  params?: [string, string][]
  /** Fields to read: lists ask only for what they show, so they stay fast with many rows. */
  select?: string[]
  limit?: number
  depth?: number
}

export function listKey(collection: Collection, { page = 1, sort, params = [], select = [], limit = PAGE_SIZE, depth = 0 }: ListQuery = {}): string {
  const query = new URLSearchParams()
  query.set('limit', String(limit))
  query.set('page', String(page))
  query.set('depth', String(depth))
  if (sort) query.set('sort', sort)
  for (const field of select) query.set(`select[${field}]`, 'true')
  for (const [name, value] of params) query.append(name, value)
  return `/api/${collection}?${query.toString()}`
}

/**
 * One document. `populate` names the fields to read of related documents, per collection
 * (e.g. { modules: ['title'] }), so a topic with many modules does not render each one's rich text.
 */
export function docKey(collection: Collection, id: string | number, depth = 1, populate: Record<string, string[]> = {}, locale = editingLocale()): string {
  const query = new URLSearchParams({ depth: String(depth) })
  // Without fallback: a translation not written yet comes as empty fields, not as the English to overwrite.
  if (locale !== DEFAULT_LOCALE) {
    query.set('locale', locale)
    query.set('fallback-locale', 'none')
  }
  for (const [related, fields] of Object.entries(populate)) {
    for (const field of fields) query.set(`populate[${related}][${field}]`, 'true')
  }
  return `/api/${collection}/${encodeURIComponent(String(id))}?${query.toString()}`
}

/** Every document of a small collection, for selectors (topics, modules). */
export function optionsKey(collection: Collection, sort: string, select: string[]): string {
  const query = new URLSearchParams({ pagination: 'false', limit: '0', depth: '0', sort })
  for (const field of select) query.set(`select[${field}]`, 'true')
  return `/api/${collection}?${query.toString()}`
}

/** Payload ids are numbers on SQL databases; form controls hold strings. */
export function toId(value: string | number | null | undefined): string | number | null {
  if (value === null || value === undefined || value === '') return null
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
}

export function idOf(value: { id: string | number } | string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  return typeof value === 'object' ? String(value.id) : String(value)
}

export const createDoc = <T>(collection: Collection, body: unknown) => request<DocAnswer<T>>('POST', `/api/${collection}`, body)
export const updateDoc = <T>(collection: Collection, id: string | number, body: unknown) =>
  request<DocAnswer<T>>('PATCH', withLocale(`/api/${collection}/${encodeURIComponent(String(id))}`, editingLocale()), body)
/** Saves an edit screen in the language being edited (the PUT the spec names). */
export const putDoc = <T>(collection: Collection, id: string | number, body: unknown) =>
  request<DocAnswer<T>>('PUT', withLocale(`/api/${collection}/${encodeURIComponent(String(id))}`, editingLocale()), body)
export const deleteDoc = (collection: Collection, id: string | number) =>
  request<unknown>('DELETE', `/api/${collection}/${encodeURIComponent(String(id))}`)

/** Revalidates every cached read of a collection (console lists and the public pages alike). */
export function useRevalidateCollection() {
  const { mutate } = useSWRConfig()
  // Only the matcher: passing `undefined` as data would clear the cache and unmount open forms.
  return (collection: Collection) => mutate((key) => typeof key === 'string' && key.startsWith(`/api/${collection}`))
}

function errorFrom(status: number, text: string): ApiError {
  let body: { message?: unknown; errors?: { message?: unknown }[] } = {}
  try {
    body = text ? JSON.parse(text) : {}
  } catch {
    body = {}
  }
  const first = body.errors?.[0]?.message
  const message = typeof first === 'string' && first ? first : typeof body.message === 'string' && body.message ? body.message : null
  return new ApiError(status, message)
}

/**
 * A multipart upload with progress. The JSON client cannot send files, and fetch cannot report
 * upload progress, so this uses XMLHttpRequest with the same credentials and CSRF header.
 */
export function upload<T>(path: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', path)
    xhr.withCredentials = true
    xhr.setRequestHeader('Accept', 'application/json')
    const token = getCsrfToken()
    if (token) xhr.setRequestHeader('X-XSRF-TOKEN', token)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total)
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T)
        } catch {
          reject(new ApiError(xhr.status, null))
        }
      } else reject(errorFrom(xhr.status, xhr.responseText))
    }
    xhr.onerror = () => reject(new Error(en.messages.uploadFailed)) // shown translated (i18n/messages.ts)
    xhr.send(form)
  })
}
