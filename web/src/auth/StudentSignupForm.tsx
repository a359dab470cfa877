import { yupResolver } from '@hookform/resolvers/yup'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from '../i18n/useTranslation'
import type { InferType } from 'yup'
import type { User } from '../api/types'
import { fieldProps } from '../ui/fieldProps'
import { ErrorNotice } from '../ui/Notice'
import { PasswordInput } from '../ui/PasswordInput'
import { SaveButton } from '../ui/SaveButton'
import { TextInput } from '../ui/TextInput'
import { CLASSROOM_NOT_FOUND, generateUsername, lookUpClassroom, signUpStudent, type ClassroomLookup } from './api/session'
import { studentSignupSchema } from './signupSchemas'

type Values = InferType<typeof studentSignupSchema>
export function StudentSignupForm({ onSignedUp }: { onSignedUp: (user: User) => void }) {
  const { t } = useTranslation()
  const [error, setError] = useState<unknown>(null)
  const [usernameError, setUsernameError] = useState<unknown>(null)
  const [classroom, setClassroom] = useState<ClassroomLookup | null>(null)
  const form = useForm<Values>({
    resolver: yupResolver(studentSignupSchema),
    mode: 'onTouched',
    defaultValues: { username: '', password: '', classroom: '' },
  })
  const { setValue, setError: setFieldError, clearErrors } = form

  // Only the newest request may fill the field: an older answer arriving late must never replace
  // the username the student has already seen (and perhaps written down).
  const latestRequest = useRef(0)
  const generate = useCallback(async () => {
    const request = ++latestRequest.current
    setUsernameError(null)
    try {
      const answer = await generateUsername()
      if (request === latestRequest.current) setValue('username', answer.username)
    } catch (failure) {
      if (request === latestRequest.current) setUsernameError(failure)
    }
  }, [setValue])

  useEffect(() => {
    void generate()
  }, [generate])

  async function checkCode(code: string): Promise<boolean> {
    setClassroom(null)
    if (!code.trim()) return false
    try {
      setClassroom(await lookUpClassroom(code))
      clearErrors('classroom')
      return true
    } catch (failure) {
      setFieldError('classroom', { type: 'server', message: failure instanceof Error ? failure.message : CLASSROOM_NOT_FOUND })
      return false
    }
  }

  async function submit(values: Values) {
    setError(null)
    if (!(await checkCode(values.classroom))) return
    try {
      const answer = await signUpStudent(values)
      onSignedUp(answer.user)
    } catch (failure) {
      setError(failure)
    }
  }

  const classroomField = fieldProps(form, 'classroom')
  const username = form.watch('username')

  return (
    <>
      {error !== null && <ErrorNotice error={error} />}
      <form onSubmit={form.handleSubmit(submit)} noValidate className="form">
        <div className="username-row">
          <TextInput label={t('auth.signup.username')} readOnly value={username} hint={t('auth.signup.usernameHint')} />
          <button type="button" className="button button-secondary" onClick={() => void generate()}>
            <span aria-hidden="true">↻ </span>
            {t('auth.signup.newUsername')}
          </button>
        </div>
        {usernameError !== null && <ErrorNotice error={usernameError} />}
        <PasswordInput label={t('auth.fields.password')} autoComplete="new-password" required {...fieldProps(form, 'password')} />
        <TextInput
          label={t('auth.signup.classroomCode')}
          required
          autoComplete="off"
          {...classroomField}
          onBlur={(event) => {
            void classroomField.onBlur(event)
            if (event.target.value.trim()) void checkCode(event.target.value)
          }}
          onChange={(event) => {
            setClassroom(null)
            void classroomField.onChange(event)
          }}
        />
        {classroom && (
          <p role="status" className="field-success">
            {t('auth.signup.classroomFound', { name: classroom.name })}
          </p>
        )}
        <SaveButton label={t('auth.signup.submit')} loading={form.formState.isSubmitting} disabled={!username} />
      </form>
    </>
  )
}
