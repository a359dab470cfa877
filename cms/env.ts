/** The address users reach the product at; links in emails and OAuth callbacks are built from it. */
export const publicUrl = (): string =>
  (process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, '')
