import { number, string } from 'yup'
import { CONTENT_REQUIRED, ORDER_MUST_BE_NUMBER, ORDER_REQUIRED, TITLE_REQUIRED } from './consoleMessages'

// Spec section 5: topic and module edit require title, content (markdown) and order (a number).

export const titleField = () => string().trim().required(TITLE_REQUIRED)

export const contentField = () => string().trim().required(CONTENT_REQUIRED)

export const orderField = () =>
  number()
    .transform((value: number, original: unknown) => (original === '' || original === null ? undefined : value))
    .typeError(ORDER_MUST_BE_NUMBER)
    .required(ORDER_REQUIRED)
