import { useTranslation } from '../../i18n/useTranslation'
import { translateMessage } from '../../i18n/messages'
import { useId, useState, type FormEvent } from 'react'
import { asObject, EDUCATOR_TYPES, STAFF_SCOPES } from '../../api/types'
import { useSession } from '../../session/useSession'
import { Loading } from '../../ui/Loading'
import { SuccessNotice } from '../../ui/Notice'
import { SaveButton } from '../../ui/SaveButton'
import { SelectInput } from '../../ui/SelectInput'
import { useDocumentTitle } from '../../ui/useDocumentTitle'
import { updateDoc, useRevalidateCollection } from '../api/consoleApi'
import { ConsoleError } from '../ConsoleError'
import { ConsoleNotFound } from '../ConsoleNotFound'
import { USER_UPDATED } from '../consoleMessages'
import { can } from '../consoleScopes'
import { formatDate, type UserDoc } from '../api/consoleTypes'
import { useConsoleDoc } from '../api/useConsoleDoc'
import { userName } from './userName'
import en from '../../i18n/locales/en.json'

export const ALL_SCOPES = [...STAFF_SCOPES, 'users:read', 'users:write', 'tickets:read', 'tickets:write'] as const
export const OWN_SCOPES_LOCKED = en.messages.ownScopesLocked
export const SCOPES_NOT_CHANGED = en.messages.scopesNotChanged

const TYPE_OPTIONS = [...EDUCATOR_TYPES, 'student'].map((type) => ({ value: type, label: type }))

function useSave(user: UserDoc, onSaved: (doc: UserDoc) => void) {
  const revalidate = useRevalidateCollection()
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)
  const [error, setError] = useState<unknown>(null)
  async function save(body: Partial<UserDoc>, check?: (doc: UserDoc) => boolean) {
    setBusy(true)
    setNotice(null)
    setError(null)
    try {
      const answer = await updateDoc<UserDoc>('users', user.id, body)
      if (check && !check(answer.doc)) setError(new Error(SCOPES_NOT_CHANGED))
      else setNotice(USER_UPDATED)
      onSaved(answer.doc)
      await revalidate('users')
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }
  return { busy, notice, error, save }
}

function AccountTypeForm({ user, editable, onSaved }: { user: UserDoc; editable: boolean; onSaved: (doc: UserDoc) => void }) {
  const { t } = useTranslation()
  const [type, setType] = useState(user.attributes?.type ?? '')
  const { busy, notice, error, save } = useSave(user, onSaved)
  function submit(event: FormEvent) {
    event.preventDefault()
    void save({ attributes: { type: (type || null) as never } })
  }
  return (
    <form onSubmit={submit} className="form console-form" aria-label={t('console.users.accountType')}>
      {notice && <SuccessNotice>{notice}</SuccessNotice>}
      {error !== null && <ConsoleError error={error} />}
      <SelectInput
        label={t('console.users.accountType')}
        placeholder={t('console.users.noType')}
        options={TYPE_OPTIONS}
        value={type}
        disabled={!editable}
        onChange={(event) => setType(event.target.value as typeof type)}
        hint={t('console.users.typeHint')}
      />
      {editable && <SaveButton label={t('console.users.saveType')} loading={busy} success={Boolean(notice)} />}
    </form>
  )
}

function ScopesForm({ user, editable, self, onSaved }: { user: UserDoc; editable: boolean; self: boolean; onSaved: (doc: UserDoc) => void }) {
  const { t } = useTranslation()
  const id = useId()
  const [scopes, setScopes] = useState<string[]>(user.scopes ?? [])
  const { busy, notice, error, save } = useSave(user, onSaved)
  const locked = !editable || self
  function toggle(scope: string, on: boolean) {
    setScopes((current) => (on ? [...current, scope] : current.filter((item) => item !== scope)))
  }
  function submit(event: FormEvent) {
    event.preventDefault()
    const wanted = ALL_SCOPES.filter((scope) => scopes.includes(scope))
    void save({ scopes: wanted }, (doc) => [...(doc.scopes ?? [])].sort().join() === [...wanted].sort().join())
  }
  return (
    <form onSubmit={submit} className="form console-form">
      {notice && <SuccessNotice>{notice}</SuccessNotice>}
      {error !== null && <ConsoleError error={error} />}
      <fieldset className="field checkbox-group" aria-describedby={self ? `${id}-self` : undefined}>
        <legend className="field-label">{t('console.columns.scopes')}</legend>
        {self && (
          <p id={`${id}-self`} className="field-hint">
            {translateMessage(OWN_SCOPES_LOCKED)}
          </p>
        )}
        <div className="checkbox-options">
          {ALL_SCOPES.map((scope) => (
            <label key={scope} className="checkbox" htmlFor={`${id}-${scope}`}>
              <input
                id={`${id}-${scope}`}
                type="checkbox"
                checked={scopes.includes(scope)}
                disabled={locked}
                onChange={(event) => toggle(scope, event.target.checked)}
              />
              {scope}
            </label>
          ))}
        </div>
      </fieldset>
      {!locked && <SaveButton label={t('console.users.saveScopes')} loading={busy} success={Boolean(notice)} />}
    </form>
  )
}

/** /console/users/:userId: view a user; users:write holders change the account type and scopes. */
export function UserDetailPage() {
  const { t } = useTranslation()
  const { user: me } = useSession()
  const { doc: user, error, isLoading, missing, mutate } = useConsoleDoc<UserDoc>('users', 'userId', 0)
  useDocumentTitle(user ? userName(user) : t('console.users.user'))
  if (missing) return <ConsoleNotFound />
  if (isLoading) return <Loading />
  if (!user) return error ? <ConsoleError error={error} /> : null
  const editable = can(me, 'users', 'write')
  const self = String(me?.id) === String(user.id)
  const onSaved = (doc: UserDoc) => void mutate(doc, { revalidate: false })
  return (
    <>
      <h1>{userName(user)}</h1>
      <dl className="read-only-fields">
        <div>
          <dt>{t('console.columns.email')}</dt>
          <dd>{user.email || '—'}</dd>
        </div>
        <div>
          <dt>{t('console.columns.username')}</dt>
          <dd>{user.username || '—'}</dd>
        </div>
        <div>
          <dt>{t('console.users.signIn')}</dt>
          <dd>{(user.providers ?? []).map((provider) => provider.provider).join(', ') || '—'}</dd>
        </div>
        <div>
          <dt>{t('console.users.school')}</dt>
          <dd>{asObject(user.attributes?.school)?.name || '—'}</dd>
        </div>
        <div>
          <dt>{t('console.users.joined')}</dt>
          <dd>{formatDate(user.createdAt) || '—'}</dd>
        </div>
      </dl>
      <AccountTypeForm user={user} editable={editable} onSaved={onSaved} />
      <ScopesForm user={user} editable={editable} self={self} onSaved={onSaved} />
    </>
  )
}
