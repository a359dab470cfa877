import { type ReactNode, useState } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import type { EducatorType } from '../api/types'
import { useSession } from '../session/useSession'
import { ErrorNotice } from '../ui/Notice'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { updateProfile } from './api/profile'
import { ProfileForm } from './ProfileForm'
import { TypePicker } from './TypePicker'
import { NextStep } from './NextStep'
import { StudentProfile } from './StudentProfile'

/** `studentWork`: what the shell shows a student in their profile area (their assignments). */
export function ProfilePage({ studentWork }: { studentWork?: ReactNode }) {
  const { t } = useTranslation()
  const { user, setUser } = useSession()
  const [chosen, setChosen] = useState<EducatorType | null>(null)
  const [changing, setChanging] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const savedType = user?.attributes?.type ?? null
  const completed = Boolean(user?.attributes?.completed)
  const type = chosen ?? (savedType === 'student' ? null : savedType)
  useDocumentTitle(t(savedType === 'student' || type ? 'account.nav.profile' : completed ? 'profile.changeType' : 'profile.finish'))
  if (!user) return null

  if (savedType === 'student') return <StudentProfile user={user} onSaved={setUser} studentWork={studentWork} />

  if (!type) return <TypePicker completed={completed} onChoose={setChosen} />

  async function changeAccountType() {
    if (!user) return
    setError(null)
    setChanging(true)
    try {
      const answer = await updateProfile(user, { type: null })
      setUser(answer.user)
      setChosen(null)
    } catch (failure) {
      setError(failure)
    } finally {
      setChanging(false)
    }
  }

  return (
    <>
      <h1>{t('profile.title')}</h1>
      <p className="profile-type">
        {t('profile.accountType')} <strong>{t(`profile.types.${type}.label`)}</strong>
      </p>
      {error !== null && <ErrorNotice error={error} />}
      <ProfileForm
        key={type}
        type={type}
        user={user}
        onSaved={(saved) => {
          setUser(saved)
          setChosen(null)
        }}
      >
        {savedType === type ? (
          <button type="button" className="button button-secondary" onClick={changeAccountType} disabled={changing}>
            {t('profile.changeType')}
          </button>
        ) : (
          <button type="button" className="button button-secondary" onClick={() => setChosen(null)}>
            {t('profile.differentType')}
          </button>
        )}
      </ProfileForm>
      {completed && savedType === type && <NextStep user={user} />}
    </>
  )
}
