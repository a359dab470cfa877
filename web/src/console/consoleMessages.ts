// The console's notices and validation messages, for the forms and the tests; their words are in
// en.json, and the notices and fields show them in the reader's language (i18n/messages.ts).
import en from '../i18n/locales/en.json'

export const PAGE_UPDATED = en.messages.pageUpdated
export const PAGE_CREATED = en.messages.pageCreated
export const TOPIC_SAVED = en.messages.topicSaved
export const MODULE_SAVED = en.messages.moduleSaved
export const ACTIVITY_SAVED = en.messages.activitySaved
export const POST_SAVED = en.messages.postSaved
export const USER_UPDATED = en.messages.userUpdated
export const TICKET_CLOSED = en.messages.ticketClosed
export const TICKET_REOPENED = en.messages.ticketReopened

/** Spec section 5: topic and module edit require title, content and order (a number). */
export const TITLE_REQUIRED = en.messages.titleRequired
export const CONTENT_REQUIRED = en.messages.contentRequired
export const ORDER_REQUIRED = en.messages.orderRequired
export const ORDER_MUST_BE_NUMBER = en.messages.orderMustBeNumber
export const TOPIC_REQUIRED = en.messages.topicRequired
export const MODULE_REQUIRED = en.messages.moduleRequired
export const SLUG_REQUIRED = en.messages.slugRequired

/** Spec section 9. */
export const PREVIEW_LENGTH = 100
export const COPY_FLASH_MS = 1000
export const COPIED = en.messages.copied
export const PAGE_TEMPLATES = [{ value: 'default', label: 'default' }]
