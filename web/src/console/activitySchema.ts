import { array, mixed, number, object, string } from 'yup'
import type { Media } from '../api/types'
import { MODULE_REQUIRED, ORDER_MUST_BE_NUMBER, TITLE_REQUIRED } from './consoleMessages'
import en from '../i18n/locales/en.json'

/** Option labels are catalogue keys (the form shows them translated). */
export const ACTIVITY_TYPES = [
  { value: 'default', label: 'console.activities.types.default' },
  { value: 'links', label: 'console.activities.types.links' },
  { value: 'readings', label: 'console.activities.types.readings' },
  { value: 'storyline', label: 'console.activities.types.storyline' },
  { value: 'video', label: 'console.activities.types.video' },
]

export const ACTIVITY_WIDTHS = [
  { value: 'full', label: 'console.activities.widths.full' },
  { value: 'half', label: 'console.activities.widths.half' },
  { value: 'third', label: 'console.activities.widths.third' },
]

export const LINK_TEXT_REQUIRED = en.messages.linkTextRequired
export const LINK_PATH_REQUIRED = en.messages.linkPathRequired
export const READING_TEXT_REQUIRED = en.messages.readingTextRequired
export const FILE_TEXT_REQUIRED = en.messages.fileTextRequired
export const FILE_REQUIRED = en.messages.fileRequired

export const activitySchema = object({
  module: string().required(MODULE_REQUIRED),
  title: string().trim().required(TITLE_REQUIRED),
  type: string().oneOf(ACTIVITY_TYPES.map((type) => type.value)).required(),
  order: number()
    .transform((value: number, original: unknown) => (original === '' || original === null ? 0 : value))
    .typeError(ORDER_MUST_BE_NUMBER)
    .required(),
  width: string().oneOf(ACTIVITY_WIDTHS.map((width) => width.value)).required(),
  markdown: string().default(''),
  links: array(
    object({
      text: string().trim().required(LINK_TEXT_REQUIRED),
      path: string().trim().required(LINK_PATH_REQUIRED),
    }),
  ).default([]),
  readings: array(
    object({
      text: string().trim().required(READING_TEXT_REQUIRED),
      path: string().trim().default(''),
      files: array(
        object({
          text: string().trim().required(FILE_TEXT_REQUIRED),
          file: mixed<Media>().nullable().required(FILE_REQUIRED),
        }),
      ).default([]),
    }),
  ).default([]),
  video: string().default(''),
})
