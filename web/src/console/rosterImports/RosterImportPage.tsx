import { type FormEvent, useRef, useState } from 'react'
import { useTranslation } from '../../i18n/useTranslation'
import { translateMessage } from '../../i18n/messages'
import type { RosterChangeAction, RosterChangeKind, RosterImportAnswer, RosterPreview } from '../../../../common/answers/rosterImports'
import { districtKeyPattern } from '../../../../common/answers/rosterImports'
import { ApiError, request } from '../../api/client'
import { ErrorNotice, SuccessNotice } from '../../ui/Notice'
import { TextInput } from '../../ui/TextInput'
import { useDocumentTitle } from '../../ui/useDocumentTitle'
import { upload } from '../api/consoleApi'
import { DataTable } from '../../ui/DataTable'

const KINDS: RosterChangeKind[] = ['school', 'classroom', 'teacher', 'student']
const ACTIONS: RosterChangeAction[] = ['create', 'update', 'link', 'join', 'remove', 'archive', 'skip']

/** The answer a refused import carries (the 409 of the half-of-a-school guard). */
const refusedAnswer = (error: unknown): RosterImportAnswer | null => {
  if (!(error instanceof ApiError) || error.status !== 409) return null
  const data = error.data as Partial<RosterImportAnswer> | null
  return data?.preview && typeof data.id === 'number' ? (data as RosterImportAnswer) : null
}

/** Rows the server could not read: `file:line` and what was wrong, in the reader's language. */
function RowErrors({ error }: { error: unknown }) {
  const { t } = useTranslation()
  const rows = error instanceof ApiError ? error.fieldErrors.filter((e) => e.path && /\.csv/.test(e.path)) : []
  if (!rows.length) return null
  return (
    <DataTable
      className="console-table"
      caption={t('console.rosterImports.badRows')}
      columns={[t('console.rosterImports.where'), t('console.rosterImports.problem')]}
    >
      {rows.map((row, i) => (
        <tr key={`${row.path}-${i}`}>
          <td>{row.path}</td>
          <td>{translateMessage(row.message)}</td>
        </tr>
      ))}
    </DataTable>
  )
}

/** What an import would change (or changed): counts, the schools near the guard, and the rows. */
function PreviewTables({ preview }: { preview: RosterPreview }) {
  const { t } = useTranslation()
  const used = ACTIONS.filter((action) => KINDS.some((kind) => preview.counts[kind][action]))
  return (
    <>
      <h2>{t('console.rosterImports.summary')}</h2>
      {used.length === 0 ? (
        <p className="empty-state">{t('console.rosterImports.nothing')}</p>
      ) : (
        <div className="table-wrapper">
          <table className="table console-table">
            <thead>
              <tr>
                <th scope="col">{t('console.rosterImports.record')}</th>
                {used.map((action) => (
                  <th scope="col" key={action}>
                    {t(`console.rosterImports.actions.${action}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {KINDS.map((kind) => (
                <tr key={kind}>
                  <th scope="row">{t(`console.rosterImports.kinds.${kind}`)}</th>
                  {used.map((action) => (
                    <td key={action}>{preview.counts[kind][action] ?? 0}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {preview.schools.length > 0 && (
        <DataTable
          className="console-table"
          caption={t('console.rosterImports.schools')}
          columns={[t('console.rosterImports.school'), t('console.rosterImports.accounts'), t('console.rosterImports.changed')]}
        >
          {preview.schools.map((school) => (
            <tr key={school.sourcedId}>
              <td>{school.name}</td>
              <td>{school.accounts}</td>
              <td>
                {school.changed}
                {school.overHalf ? ` (${t('console.rosterImports.overHalf')})` : ''}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {preview.changes.length > 0 && (
        <DataTable
          className="console-table"
          caption={t('console.rosterImports.rows')}
          columns={[
            t('console.rosterImports.where'),
            t('console.rosterImports.record'),
            t('console.rosterImports.change'),
            t('console.rosterImports.name'),
            t('console.rosterImports.detail'),
          ]}
        >
          {preview.changes.map((change, i) => (
            <tr key={`${change.file}-${change.line}-${change.action}-${i}`}>
              <td>{change.line ? `${change.file}:${change.line}` : change.file}</td>
              <td>{t(`console.rosterImports.kinds.${change.kind}`)}</td>
              <td>{t(`console.rosterImports.actions.${change.action}`)}</td>
              <td>{change.name}</td>
              <td>{change.detail ?? ''}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {preview.moreRows > 0 && <p>{t('console.rosterImports.moreRows', { count: preview.moreRows })}</p>}
    </>
  )
}

/**
 * /console/roster-imports, for users:write holders: upload a district's OneRoster zip, read the
 * dry run, then import it; an import that would change more than half of a school's accounts asks
 * a second time. The server decides everything shown here (docs/api.md "Roster imports").
 */
export function RosterImportPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('console.rosterImports.title'))
  const fileRef = useRef<HTMLInputElement>(null)
  const [district, setDistrict] = useState('')
  const [touched, setTouched] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)
  const [answer, setAnswer] = useState<RosterImportAnswer | null>(null)
  const [guarded, setGuarded] = useState(false)
  const [sure, setSure] = useState(false)
  const districtError = districtKeyPattern.test(district.trim()) ? undefined : t('console.rosterImports.districtError')

  async function preview(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    const file = fileRef.current?.files?.[0]
    if (districtError) return
    if (!file) {
      setFailure(new Error(t('console.rosterImports.chooseFile')))
      return
    }
    const form = new FormData()
    form.append('file', file)
    form.append('_payload', JSON.stringify({ district: district.trim(), dryRun: true }))
    setBusy(true)
    setFailure(null)
    setAnswer(null)
    setGuarded(false)
    setSure(false)
    try {
      setAnswer(await upload<RosterImportAnswer>('/api/roster-imports', form))
    } catch (error) {
      setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  async function confirm() {
    if (!answer) return
    setBusy(true)
    setFailure(null)
    try {
      const body = guarded ? { confirmLargeChange: true } : {}
      setAnswer(await request<RosterImportAnswer>('POST', `/api/roster-imports/${answer.id}/confirm`, body))
      setGuarded(false)
    } catch (error) {
      const refused = refusedAnswer(error)
      if (refused) {
        // The error's own message is in the reader's language; the answer it carries keeps English.
        setAnswer({ ...refused, message: (error as ApiError).message })
        setGuarded(true)
      } else setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="roster-import-title" className="console-roster-import">
      <h1 id="roster-import-title">{t('console.rosterImports.title')}</h1>
      <p>{t('console.rosterImports.intro')}</p>
      <form onSubmit={preview} noValidate>
        <TextInput
          label={t('console.rosterImports.district')}
          hint={t('console.rosterImports.districtHint')}
          required
          value={district}
          onChange={(event) => setDistrict(event.target.value)}
          onBlur={() => setTouched(true)}
          error={districtError}
          touched={touched}
          autoComplete="off"
          spellCheck={false}
        />
        <div className="field">
          <label className="field-label" htmlFor="roster-file">
            {t('console.rosterImports.file')}
          </label>
          <input id="roster-file" ref={fileRef} type="file" accept=".zip,application/zip" className="input" />
        </div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('console.rosterImports.preview')}
        </button>
      </form>
      {failure ? (
        <>
          <ErrorNotice error={failure} />
          <RowErrors error={failure} />
        </>
      ) : null}
      {answer && (
        <section aria-live="polite" className="console-roster-result">
          {guarded ? <ErrorNotice>{answer.message}</ErrorNotice> : <SuccessNotice>{answer.message}</SuccessNotice>}
          <PreviewTables preview={answer.preview} />
          {answer.status === 'previewed' && (
            <div className="console-roster-confirm">
              {guarded && (
                <label className="checkbox-label">
                  <input type="checkbox" checked={sure} onChange={(event) => setSure(event.target.checked)} /> {t('console.rosterImports.sure')}
                </label>
              )}
              <button type="button" className="button button-primary" disabled={busy || (guarded && !sure)} onClick={confirm}>
                {t(guarded ? 'console.rosterImports.importAnyway' : 'console.rosterImports.import')}
              </button>
            </div>
          )}
        </section>
      )}
    </section>
  )
}
