import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import { classroomLimits } from '../../../common/classroomLimits'
import type { NewLogin } from '../../../common/progress'
import { Modal } from '../ui/Modal'
import { ErrorNotice } from '../ui/Notice'
import { ModalActions } from '../ui/ModalActions'
import type { NewStudents, NewStudentsRequest } from './api/roster'

interface Props {
  /** The roster's call, which also refreshes what the new students change. */
  addStudents: (request: NewStudentsRequest) => Promise<NewStudents>
  onCreated: (logins: NewLogin[], message: string) => void
  onClose: () => void
}

/** Many student accounts at once, from a number or a list of first names (kept only for the teacher). */
export function AddStudentsDialog({ addStudents, onCreated, onClose }: Props) {
  const { t } = useTranslation()
  const ids = useId()
  const [how, setHow] = useState<'count' | 'names'>('count')
  const [count, setCount] = useState('')
  const [names, setNames] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    const firstNames = names
      .split('\n')
      .map((n) => n.trim())
      .filter(Boolean)
    const number = Number(count)
    if (how === 'count' && !(Number.isInteger(number) && number >= 1 && number <= classroomLimits.studentsPerClassroom))
      return setProblem(t('classrooms.roster.countRequired'))
    if (how === 'names' && firstNames.length === 0) return setProblem(t('classrooms.roster.namesRequired'))
    setProblem(null)
    setBusy(true)
    try {
      const answer = await addStudents(how === 'count' ? { count: number } : { firstNames })
      onCreated(answer.students, answer.message)
    } catch (failure) {
      setError(failure)
      setBusy(false)
    }
  }

  const fieldId = `${ids}-${how}`
  return (
    <Modal title={t('classrooms.roster.addStudentsTitle')} size="small" onClose={onClose}>
      <form onSubmit={submit} noValidate className="form">
        {error !== null && <ErrorNotice error={error} />}
        <fieldset className="field">
          <legend>{t('classrooms.roster.addHow')}</legend>
          <label>
            <input type="radio" name="how" value="count" checked={how === 'count'} onChange={() => setHow('count')} /> {t('classrooms.roster.byCount')}
          </label>
          <label>
            <input type="radio" name="how" value="names" checked={how === 'names'} onChange={() => setHow('names')} /> {t('classrooms.roster.byNames')}
          </label>
        </fieldset>
        <div className="field">
          <label htmlFor={fieldId}>{how === 'count' ? t('classrooms.roster.countLabel') : t('classrooms.roster.namesLabel')}</label>
          {how === 'count' ? (
            <input
              className="input"
              id={fieldId}
              type="number"
              min={1}
              max={classroomLimits.studentsPerClassroom}
              inputMode="numeric"
              value={count}
              onChange={(e) => setCount(e.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${ids}-problem` : undefined}
            />
          ) : (
            <textarea
              className="input"
              id={fieldId}
              rows={8}
              value={names}
              onChange={(e) => setNames(e.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={`${ids}-hint${problem ? ` ${ids}-problem` : ''}`}
            />
          )}
          {how === 'names' && (
            <p id={`${ids}-hint`} className="field-hint">
              {t('classrooms.roster.namesHint')}
            </p>
          )}
          {problem && (
            <p id={`${ids}-problem`} className="field-error" role="alert">
              {problem}
            </p>
          )}
        </div>
        <ModalActions saveLabel={t('classrooms.roster.create')} saving={busy} onCancel={onClose} cancelLabel={t('classrooms.roster.cancel')} />
      </form>
    </Modal>
  )
}
