import { array, mixed, number, object, string, type InferType } from 'yup'
import { activityTypeOptions, activityWidthOptions } from '../../../../common/activityOptions'
import type { Media } from '../../api/types'
import { MODULE_REQUIRED, ORDER_MUST_BE_NUMBER, TITLE_REQUIRED } from '../consoleMessages'
import en from '../../i18n/locales/en.json'

/**
 * The console offers plain content first, then the rest in the collection's order. Labels are
 * catalogue keys (the form shows them translated).
 */
export const ACTIVITY_TYPES = [
  ...activityTypeOptions.filter((option) => option.value === 'default'),
  ...activityTypeOptions.filter((option) => option.value !== 'default'),
].map(({ value }) => ({ value, label: `console.activities.types.${value}` }))

export const ACTIVITY_WIDTHS = activityWidthOptions.map(({ value }) => ({ value, label: `console.activities.widths.${value}` }))

export const LINK_TEXT_REQUIRED = en.messages.linkTextRequired
export const LINK_PATH_REQUIRED = en.messages.linkPathRequired
export const READING_TEXT_REQUIRED = en.messages.readingTextRequired
export const FILE_TEXT_REQUIRED = en.messages.fileTextRequired
export const FILE_REQUIRED = en.messages.fileRequired

export const activitySchema = object({
  module: string().required(MODULE_REQUIRED),
  title: string().trim().required(TITLE_REQUIRED),
  type: string()
    .oneOf(ACTIVITY_TYPES.map((type) => type.value))
    .required(),
  order: number()
    .transform((value: number, original: unknown) => (original === '' || original === null ? 0 : value))
    .typeError(ORDER_MUST_BE_NUMBER)
    .required(),
  width: string()
    .oneOf(ACTIVITY_WIDTHS.map((width) => width.value))
    .required(),
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

/** The activity form's values, as the schema checks them. */
export type ActivityValues = InferType<typeof activitySchema>
