import type { SortOption } from './ConsoleList'

// Labels are catalogue keys; ConsoleList shows them translated.

/** Content with an order field lists by it first. */
export const CONTENT_SORTS: SortOption[] = [
  { value: 'order', label: 'console.sort.order' },
  { value: 'title', label: 'console.sort.title' },
  { value: '-updatedAt', label: 'console.sort.updated' },
]

export const PAGE_SORTS: SortOption[] = [
  { value: 'slug', label: 'console.sort.slug' },
  { value: 'title', label: 'console.sort.title' },
  { value: '-updatedAt', label: 'console.sort.updated' },
]

export const POST_SORTS: SortOption[] = [
  { value: '-createdAt', label: 'console.sort.newest' },
  { value: 'title', label: 'console.sort.title' },
  { value: '-updatedAt', label: 'console.sort.updated' },
]
