import en from '../i18n/locales/en.json'
import { translateMessage } from '../i18n/messages'
import { useTranslation } from '../i18n/useTranslation'
import type { ReactNode } from 'react'
import { useSession } from '../session/useSession'
import { can, type Collection } from './consoleScopes'

export const READ_ONLY_HINT = en.messages.readOnly

/** Disables a form's controls and hides nothing else when the user lacks the write scope. */
export function WriteGuard({ collection, children }: { collection: Collection; children: ReactNode }) {
  useTranslation() // the hint follows the chosen language
  const { user } = useSession()
  const allowed = can(user, collection, 'write')
  return (
    <fieldset className="console-guard" disabled={!allowed}>
      {!allowed && <p className="field-hint">{translateMessage(READ_ONLY_HINT)}</p>}
      {children}
    </fieldset>
  )
}
