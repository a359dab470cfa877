import { object, string } from 'yup'
import { TOPIC_REQUIRED } from '../consoleMessages'
import { contentField, orderField, titleField } from '../contentSchema'

export const moduleSchema = object({
  title: titleField(),
  subtitle: string().default(''),
  topic: string().required(TOPIC_REQUIRED),
  markdown: contentField(),
  order: orderField(),
})
