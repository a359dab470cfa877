import { object, string } from 'yup'
import { SLUG_REQUIRED, TITLE_REQUIRED } from '../consoleMessages'
import en from '../../i18n/locales/en.json'

export const SLUG_FORMAT = en.messages.slugFormat

export const pageSchema = object({
  title: string().trim().required(TITLE_REQUIRED),
  slug: string()
    .trim()
    .required(SLUG_REQUIRED)
    .matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, SLUG_FORMAT),
  markdown: string().default(''),
  template: string().default('default'),
})
