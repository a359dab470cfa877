/** Payload's ids: numbers on the SQL databases, strings (ObjectIds) on MongoDB and in URLs and forms. */
export type Id = number | string

/** The id of a relation field's value, whether the API sent the id or the populated document. */
export function idOf(value: unknown): Id | null {
  const id = value !== null && typeof value === 'object' ? (value as { id?: unknown }).id : value
  return typeof id === 'number' || typeof id === 'string' ? id : null
}
