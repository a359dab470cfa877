import { object } from 'yup'
import { contentField, orderField, titleField } from '../contentSchema'

export const topicSchema = object({
  title: titleField(),
  markdown: contentField(),
  order: orderField(),
})
