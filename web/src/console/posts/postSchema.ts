import { object, string } from 'yup'
import { TITLE_REQUIRED } from '../consoleMessages'

export const postSchema = object({
  title: string().trim().required(TITLE_REQUIRED),
  markdown: string().default(''),
})
