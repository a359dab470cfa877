import { noteDatabaseTrouble } from '../database/databaseErrors'
import type { Payload } from 'payload'

import { keptPublicUser } from '@collections/Users/endpoints/userResponse'
import { requestUser } from '../auth/requestUser'

/** The signed-in user for the page data (spec section 3: hydration carries the user and the CSRF token). */
export const pageUser = async (payload: Payload, headers: Headers) => {
  try {
    const user = await requestUser(payload, headers)
    if (!user) return null
    return await keptPublicUser(payload, user.id)
  } catch (error) {
    // The caller tells an unreachable database from nobody signed in (cms/database/databaseErrors.ts).
    noteDatabaseTrouble(error)
    return null
  }
}

/** JSON safe inside <script type="application/json">: no way to close the element early. */
export const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')

export const pageDataPattern = /<script id="page-data" type="application\/json">[\s\S]*?<\/script>/
