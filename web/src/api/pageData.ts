import type { User } from './types'

export interface PageData {
  csrfToken: string | null
  user: User | null
}

/** Reads the data the server writes into index.html (see docs/api.md, CSRF). */
export function readPageData(doc: Document = document): PageData {
  const text = doc.getElementById('page-data')?.textContent
  try {
    const parsed = text ? (JSON.parse(text) as Partial<PageData>) : {}
    return { csrfToken: parsed.csrfToken ?? null, user: parsed.user ?? null }
  } catch {
    return { csrfToken: null, user: null }
  }
}
