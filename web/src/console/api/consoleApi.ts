import { useSWRConfig } from 'swr'
import { idOf } from '../../../../common/ids'
import en from '../../i18n/locales/en.json'
import { ApiError, errorFromText, getCsrfToken, request, withLocale } from '../../api/client'
import { editingLocale } from '../editingLocale'
import type { Collection } from '../consoleScopes'

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

/** Payload ids are numbers on SQL databases; form controls hold strings. */
export function toId(value: string | number | null | undefined): string | number | null {
  if (value === null || value === undefined || value === '') return null
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
}

/** A relation's id as a form control holds it ('' for none). */
export const formId = (value: unknown): string => String(idOf(value) ?? '')

export const createDoc = <T>(collection: Collection, body: unknown) => request<DocAnswer<T>>('POST', `/api/${collection}`, body)
export const updateDoc = <T>(collection: Collection, id: string | number, body: unknown) =>
  request<DocAnswer<T>>('PATCH', withLocale(`/api/${collection}/${encodeURIComponent(String(id))}`, editingLocale()), body)
/**
 * Saves an edit screen in the language being edited (the PUT the spec names), against the version
 * the screen was opened at (`updatedAt`): a newer one is a 412 (EditConflict.tsx).
 */
export const putDoc = <T>(collection: Collection, id: string | number, body: unknown, version?: string) =>
  request<DocAnswer<T>>(
    'PUT',
    withLocale(`/api/${collection}/${encodeURIComponent(String(id))}`, editingLocale()),
    body,
    version ? { 'If-Match': `"${version}"` } : {},
  )
export const deleteDoc = (collection: Collection, id: string | number) => request<unknown>('DELETE', `/api/${collection}/${encodeURIComponent(String(id))}`)

/** Revalidates every cached read of a collection (console lists and the public pages alike). */
/** An activity's Storyline package is removed (its files too); the answer is the activity without it. */
export const deleteStoryline = <T>(activityId: string | number) =>
  request<DocAnswer<T>>('DELETE', `/api/activities/${encodeURIComponent(String(activityId))}/storyline`)

export function useRevalidateCollection() {
  const { mutate } = useSWRConfig()
  // Only the matcher: passing `undefined` as data would clear the cache and unmount open forms.
  return (collection: Collection) => mutate((key) => typeof key === 'string' && key.startsWith(`/api/${collection}`))
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
      } else reject(errorFromText(xhr.status, xhr.responseText))
    }
    xhr.onerror = () => reject(new Error(en.messages.uploadFailed)) // shown translated (i18n/messages.ts)
    xhr.send(form)
  })
}
