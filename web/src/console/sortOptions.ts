import type { SortOption } from './ConsoleList'

/** Content with an order field lists by it first (issue 4). */
export const CONTENT_SORTS: SortOption[] = [
  { value: 'order', label: 'Order' },
  { value: 'title', label: 'Title' },
  { value: '-updatedAt', label: 'Recently updated' },
]

export const PAGE_SORTS: SortOption[] = [
  { value: 'slug', label: 'Slug' },
  { value: 'title', label: 'Title' },
  { value: '-updatedAt', label: 'Recently updated' },
]

export const POST_SORTS: SortOption[] = [
  { value: '-createdAt', label: 'Newest' },
  { value: 'title', label: 'Title' },
  { value: '-updatedAt', label: 'Recently updated' },
]
