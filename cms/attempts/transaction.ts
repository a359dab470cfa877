import { commitTransaction, initTransaction, killTransaction, type PayloadRequest } from 'payload'

/**
 * Runs `work` in one database transaction on `req`: every Local API call inside that passes `req`
 * joins it, and a failure anywhere rolls all of it back (no half-created roster, no half-deleted
 * account). Joins the caller's transaction when there already is one.
 */
export const inTransaction = async <T>(req: PayloadRequest, work: () => Promise<T>): Promise<T> => {
  const own = await initTransaction(req)
  try {
    const result = await work()
    if (own) await commitTransaction(req)
    return result
  } catch (error) {
    if (own) await killTransaction(req)
    throw error
  }
}
