import { useId, useState } from 'react'
import useSWR from 'swr'

import type { BlockedRequest } from '../../api/types'
import { useTranslation } from '../../i18n/useTranslation'
import { SuccessNotice } from '../../ui/Notice'
import { type ListAnswer, updateDoc } from '../api/consoleApi'
import { formatDate, type ActivityDoc } from '../api/consoleTypes'
import { ConsoleError } from '../ConsoleError'
import { ColumnHeads } from '../../ui/ColumnHeads'

interface Props {
  activity: ActivityDoc
  onSaved: (doc: ActivityDoc) => void
}

const hostsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean)

/**
 * What a package may reach outside this site, and what it tried to: its pages are allowed only the
 * content origin and the product (cms/packages/content/packagePolicy.ts), so a host it calls is
 * blocked in the student's browser and listed here. Staff allow a host only for a package that
 * needs it (an outside LRS the school agreed to), one host per line.
 */
export function PackageHosts({ activity, onSaved }: Props) {
  const { t } = useTranslation()
  const id = useId()
  const [text, setText] = useState((activity.allowedHosts ?? []).join('\n'))
  const [error, setError] = useState<unknown>(null)
  const [saved, setSaved] = useState(false)
  const [saving, setSaving] = useState(false)
  const blocked = useSWR<ListAnswer<BlockedRequest>>(
    `/api/blocked-requests?where[activity][equals]=${encodeURIComponent(String(activity.id))}&sort=-lastSeen&limit=50&depth=0`,
  )
  const allowed = new Set(hostsOf(text))

  async function save(hosts: string[]) {
    setSaved(false)
    setError(null)
    setSaving(true)
    try {
      const answer = await updateDoc<ActivityDoc>('activities', activity.id, { allowedHosts: hosts })
      setText((answer.doc.allowedHosts ?? []).join('\n'))
      setSaved(true)
      onSaved(answer.doc)
    } catch (failure) {
      setError(failure)
    } finally {
      setSaving(false)
    }
  }

  const rows = blocked.data?.docs ?? []
  return (
    <section aria-labelledby={`${id}-title`} className="console-fieldset package-hosts">
      <h2 id={`${id}-title`}>{t('console.packageHosts.title')}</h2>
      <p className="field-hint">{t('console.packageHosts.intro')}</p>
      <h3 id={`${id}-blocked`}>{t('console.packageHosts.blockedTitle')}</h3>
      {blocked.error ? (
        <ConsoleError error={blocked.error} />
      ) : rows.length === 0 ? (
        <p>{blocked.isLoading ? t('console.packageHosts.loading') : t('console.packageHosts.noneBlocked')}</p>
      ) : (
        <div className="console-table-scroll" role="region" aria-labelledby={`${id}-blocked`} tabIndex={0}>
          <table className="table">
            <ColumnHeads
              columns={[t('console.packageHosts.host'), t('console.packageHosts.kind'), t('console.packageHosts.times'), t('console.packageHosts.lastSeen')]}
              actions={t('console.packageHosts.actions')}
            />
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    <code>{row.host}</code>
                  </th>
                  <td>
                    <code>{row.directive}</code>
                  </td>
                  <td>{row.count}</td>
                  <td>{formatDate(row.lastSeen)}</td>
                  <td>
                    {allowed.has(row.host) ? (
                      t('console.packageHosts.allowedNow')
                    ) : (
                      <button
                        type="button"
                        className="button button-secondary button-small"
                        disabled={saving}
                        onClick={() => void save([...allowed, row.host])}
                        aria-label={t('console.packageHosts.allowHost', { host: row.host })}
                      >
                        {t('console.packageHosts.allow')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-allowed`}>{t('console.packageHosts.allowedLabel')}</label>
        <p className="field-hint" id={`${id}-allowed-hint`}>
          {t('console.packageHosts.allowedHint')}
        </p>
        <textarea id={`${id}-allowed`} aria-describedby={`${id}-allowed-hint`} rows={3} value={text} onChange={(event) => setText(event.target.value)} />
      </div>
      {saved && <SuccessNotice>{t('console.packageHosts.saved')}</SuccessNotice>}
      {error !== null && <ConsoleError error={error} />}
      <div className="form-actions">
        <button type="button" className="button" disabled={saving} onClick={() => void save([...allowed])}>
          {t('console.packageHosts.save')}
        </button>
      </div>
    </section>
  )
}
