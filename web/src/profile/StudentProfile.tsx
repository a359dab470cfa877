import type { ReactNode } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import { asObject, type User } from '../api/types'
import { ProfileForm } from './ProfileForm'

/** Students may change their names; username and classroom are read-only. */
export function StudentProfile({ user, onSaved, studentWork }: { user: User; onSaved: (user: User) => void; studentWork?: ReactNode }) {
  const username = user.username ?? user.providers?.find((entry) => entry.provider === 'username')?.username ?? ''
  const classroom = asObject(user.attributes?.classroom)
  const { t } = useTranslation()
  return (
    <>
      <h1>{t('profile.title')}</h1>
      <dl className="read-only-fields">
        <div>
          <dt>{t('auth.signup.username')}</dt>
          <dd>{username}</dd>
        </div>
        <div>
          <dt>{t('auth.signup.classroomCode')}</dt>
          <dd>
            {classroom?.code ?? '—'}
            {classroom?.name && <span className="school-meta"> ({classroom.name})</span>}
          </dd>
        </div>
      </dl>
      <p className="field-hint">{t('profile.askTeacher')}</p>
      {studentWork}
      <ProfileForm type="student" user={user} onSaved={onSaved} />
    </>
  )
}
