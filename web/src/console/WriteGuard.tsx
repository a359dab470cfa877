import type { ReactNode } from 'react'
import { useSession } from '../session/useSession'
import { can, type Collection } from './consoleScopes'

export const READ_ONLY_HINT = 'You can view this, but your account cannot change it.'

/** Disables a form's controls and hides nothing else when the user lacks the write scope. */
export function WriteGuard({ collection, children }: { collection: Collection; children: ReactNode }) {
  const { user } = useSession()
  const allowed = can(user, collection, 'write')
  return (
    <fieldset className="console-guard" disabled={!allowed}>
      {!allowed && <p className="field-hint">{READ_ONLY_HINT}</p>}
      {children}
    </fieldset>
  )
}
