import { yupResolver } from '@hookform/resolvers/yup'
import { useState } from 'react'
import { get, useForm } from 'react-hook-form'
import type { InferType } from 'yup'
import type { AssignmentData } from '../../../common/assignments'
import type { TopicColumns } from '../../../common/progress'
import { localDateAndTime } from '../../../common/zonedTime'
import type { Student } from '../api/types'
import { translateMessage } from '../i18n/messages'
import { useTranslation } from '../i18n/useTranslation'
import { fieldProps } from '../ui/fieldProps'
import { ErrorNotice } from '../ui/Notice'
import { SaveButton } from '../ui/SaveButton'
import { TextArea } from '../ui/TextArea'
import { TextInput } from '../ui/TextInput'
import type { AssignmentInput } from './api/assignments'
import { assignmentSchema } from './assignmentSchema'

export type AssignmentValues = InferType<typeof assignmentSchema>

const DAY = 24 * 3600_000

/** The form's values for a stored assignment, or a new one due tomorrow at 11:59 pm on the classroom's clock. */
export function formValues(assignment: AssignmentData | null, timeZone: string): AssignmentValues {
  if (!assignment) {
    return {
      title: '',
      instructions: '',
      dueDate: localDateAndTime(Date.now() + DAY, timeZone).date,
      dueTime: '23:59',
      availableDate: '',
      availableTime: '',
      modules: [],
      activities: [],
      everyone: 'class',
      students: [],
      draft: false,
    }
  }
  const due = localDateAndTime(Date.parse(assignment.dueAt), timeZone)
  const available = assignment.availableFrom ? localDateAndTime(Date.parse(assignment.availableFrom), timeZone) : null
  return {
    title: assignment.title,
    instructions: assignment.instructions,
    dueDate: due.date,
    dueTime: due.time,
    availableDate: available?.date ?? '',
    availableTime: available?.time ?? '',
    modules: assignment.modules.map(String),
    activities: assignment.activities.map(String),
    everyone: assignment.students.length ? 'chosen' : 'class',
    students: assignment.students.map(String),
    draft: assignment.state === 'draft',
  }
}

const toInput = (values: AssignmentValues): AssignmentInput => ({
  title: values.title,
  instructions: values.instructions,
  state: values.draft ? 'draft' : 'published',
  dueAt: `${values.dueDate}T${values.dueTime || '23:59'}`,
  availableFrom: values.availableDate ? `${values.availableDate}T${values.availableTime || '00:00'}` : null,
  modules: values.modules,
  activities: values.activities,
  students: values.everyone === 'chosen' ? values.students : [],
})

interface Props {
  assignment: AssignmentData | null
  timeZone: string
  columns: TopicColumns[]
  students: Student[]
  onSubmit: (input: AssignmentInput) => Promise<void>
  onCancel: () => void
}

/** A teacher's new or changed assignment: what to do, for whom, from when and by when. */
export function AssignmentForm({ assignment, timeZone, columns, students, onSubmit, onCancel }: Props) {
  const { t } = useTranslation()
  const [error, setError] = useState<unknown>(null)
  const initial = formValues(assignment, timeZone)
  // A student who has left the class since stays out of the choice (the server would refuse them).
  const inClass = new Set(students.map((student) => String(student.id)))
  const form = useForm<AssignmentValues>({
    resolver: yupResolver(assignmentSchema),
    mode: 'onTouched',
    defaultValues: { ...initial, students: initial.students.filter((id) => inClass.has(id)) },
  })
  const everyone = form.watch('everyone')
  const { errors, isSubmitted } = form.formState
  const groupError = (name: 'activities' | 'students') => (isSubmitted ? (get(errors, name) as { message?: string } | undefined)?.message : undefined)
  const itemsError = groupError('activities')
  const studentsError = groupError('students')

  async function submit(values: AssignmentValues) {
    setError(null)
    try {
      await onSubmit(toInput(values))
    } catch (failure) {
      setError(failure)
    }
  }

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="form assignment-form">
      {error !== null && <ErrorNotice error={error} />}
      <TextInput label={t('classrooms.assignments.title')} required maxLength={200} {...fieldProps(form, 'title')} />
      <TextArea label={t('classrooms.assignments.instructions')} maxLength={5000} rows={3} {...fieldProps(form, 'instructions')} />
      <p className="field-hint">{t('classrooms.assignments.timeZone', { zone: timeZone })}</p>
      <div className="assignment-times">
        <TextInput type="date" label={t('classrooms.assignments.dueDate')} required {...fieldProps(form, 'dueDate')} />
        <TextInput type="time" label={t('classrooms.assignments.dueTime')} {...fieldProps(form, 'dueTime')} />
        <TextInput
          type="date"
          label={t('classrooms.assignments.availableDate')}
          hint={t('classrooms.assignments.availableHint')}
          {...fieldProps(form, 'availableDate')}
        />
        <TextInput type="time" label={t('classrooms.assignments.availableTime')} {...fieldProps(form, 'availableTime')} />
      </div>
      <fieldset
        className="field assignment-items"
        aria-invalid={itemsError ? true : undefined}
        aria-describedby={itemsError ? 'assignment-items-error' : undefined}
      >
        <legend className="field-label">{t('classrooms.assignments.items')}</legend>
        {columns.map((topic) => (
          <div key={topic.id} className="assignment-topic">
            <h4>{topic.title}</h4>
            {topic.modules
              .filter((module) => module.activities.length > 0)
              .map((module) => (
                <div key={module.id} className="assignment-module">
                  <label className="checkbox">
                    <input type="checkbox" value={String(module.id)} {...form.register('modules')} />
                    {t('classrooms.assignments.wholeModule', { module: module.title, count: module.activities.length })}
                  </label>
                  <details>
                    <summary>{t('classrooms.assignments.singleActivities', { module: module.title })}</summary>
                    {module.activities.map((activity) => (
                      <label key={activity.id} className="checkbox">
                        <input type="checkbox" value={String(activity.id)} {...form.register('activities')} />
                        {activity.title}
                      </label>
                    ))}
                  </details>
                </div>
              ))}
          </div>
        ))}
        {itemsError && (
          <p id="assignment-items-error" className="field-error">
            {translateMessage(itemsError)}
          </p>
        )}
      </fieldset>
      <fieldset className="field">
        <legend className="field-label">{t('classrooms.assignments.who')}</legend>
        <label className="checkbox">
          <input type="radio" value="class" {...form.register('everyone')} /> {t('classrooms.assignments.wholeClass')}
        </label>
        <label className="checkbox">
          <input type="radio" value="chosen" {...form.register('everyone')} /> {t('classrooms.assignments.chosenStudents')}
        </label>
      </fieldset>
      {everyone === 'chosen' && (
        <fieldset
          className="field checkbox-group"
          aria-invalid={studentsError ? true : undefined}
          aria-describedby={studentsError ? 'assignment-students-error' : undefined}
        >
          <legend className="field-label">{t('classrooms.assignments.students')}</legend>
          <div className="checkbox-options">
            {students.map((student) => (
              <label key={student.id} className="checkbox">
                <input type="checkbox" value={String(student.id)} {...form.register('students')} />
                {[student.firstName, student.lastName].filter(Boolean).join(' ') || student.username}
                {student.username && [student.firstName, student.lastName].some(Boolean) && <span className="school-meta"> ({student.username})</span>}
              </label>
            ))}
          </div>
          {studentsError && (
            <p id="assignment-students-error" className="field-error">
              {translateMessage(studentsError)}
            </p>
          )}
        </fieldset>
      )}
      <label className="checkbox">
        <input type="checkbox" {...form.register('draft')} /> {t('classrooms.assignments.draft')}
      </label>
      <div className="form-actions">
        <SaveButton label={assignment ? t('classrooms.assignments.save') : t('classrooms.assignments.assign')} loading={form.formState.isSubmitting} />
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('classrooms.assignments.cancel')}
        </button>
      </div>
    </form>
  )
}
