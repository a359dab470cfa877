import { object, string } from 'yup'
import { SLUG_REQUIRED, TITLE_REQUIRED } from './consoleMessages'

export const SLUG_FORMAT = 'Slugs use lower-case letters, digits and single dashes, such as about-us.'

export const pageSchema = object({
  title: string().trim().required(TITLE_REQUIRED),
  slug: string()
    .trim()
    .required(SLUG_REQUIRED)
    .matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, SLUG_FORMAT),
  markdown: string().default(''),
  template: string().default('default'),
})
