// The console's notices and validation messages, in one place so the tests can import them.

export const PAGE_UPDATED = 'Page updated.'
export const PAGE_CREATED = 'Page created.'
export const TOPIC_SAVED = 'Topic saved.'
export const MODULE_SAVED = 'Module saved.'
export const ACTIVITY_SAVED = 'Activity saved.'
export const POST_SAVED = 'Post saved.'
export const USER_UPDATED = 'User updated.'
export const TICKET_CLOSED = 'Ticket closed.'
export const TICKET_REOPENED = 'Ticket reopened.'

/** Spec section 5: topic and module edit require title, content and order (a number). */
export const TITLE_REQUIRED = 'Title is required.'
export const CONTENT_REQUIRED = 'Content is required.'
export const ORDER_REQUIRED = 'Order is required.'
export const ORDER_MUST_BE_NUMBER = 'Order must be a number.'
export const TOPIC_REQUIRED = 'Topic is required.'
export const MODULE_REQUIRED = 'Module is required.'
export const SLUG_REQUIRED = 'Slug is required.'

/** Spec section 9. */
export const PREVIEW_LENGTH = 100
export const COPY_FLASH_MS = 1000
export const COPIED = 'Copied!'
export const PAGE_TEMPLATES = [{ value: 'default', label: 'default' }]
