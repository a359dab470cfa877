import type { ReactNode } from 'react'
import { useSession } from '../session/useSession'
import { ConsoleNotFound } from './ConsoleNotFound'
import { can, canSee, type Collection } from './consoleScopes'

interface Props {
  collection: Collection
  /** Also require the write scope (create screens). */
  write?: boolean
  children: ReactNode
}

/** A console screen shows only for the scopes the server enforces; others see Not Found. */
export function RequireSection({ collection, write = false, children }: Props) {
  const { user } = useSession()
  if (!canSee(user, collection) || (write && !can(user, collection, 'write'))) return <ConsoleNotFound />
  return <>{children}</>
}
