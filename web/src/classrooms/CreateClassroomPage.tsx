import { useEffect, useState } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import { Link, useNavigate } from 'react-router-dom'
import { useSession } from '../session/useSession'
import { Loading } from '../ui/Loading'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { proposeClassroomCode, useCreateClassroom } from './api/classrooms'
import { ClassroomForm, type ClassroomValues } from './ClassroomForm'

export function CreateClassroomPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('classrooms.create.title'))
  const { user } = useSession()
  const navigate = useNavigate()
  const createClassroom = useCreateClassroom()
  // The code the server proposes (asked on every visit: the last one may be taken by now); an
  // empty field when it cannot propose one, and the teacher types their own as before.
  const [proposed, setProposed] = useState<string | null | undefined>(undefined)
  useEffect(() => {
    let current = true
    proposeClassroomCode().then(
      (code) => current && setProposed(code),
      () => current && setProposed(null),
    )
    return () => {
      current = false
    }
  }, [])
  if (!user) return null

  async function create(values: ClassroomValues) {
    if (!user) return
    const classroom = await createClassroom(user, values)
    navigate(`/user/classrooms/${classroom.id}`, { replace: true })
  }

  return (
    <>
      <h1>{t('classrooms.create.title')}</h1>
      {proposed === undefined ? (
        <Loading label={t('classrooms.create.proposing')} />
      ) : (
        <ClassroomForm
          submitLabel={t('classrooms.create.title')}
          defaultValues={{ name: '', code: proposed ?? '' }}
          codeHint={proposed ? t('classrooms.create.proposedHint') : undefined}
          onSubmit={create}
        />
      )}
      <p>
        <Link to="/user/classrooms">{t('classrooms.back')}</Link>
      </p>
    </>
  )
}
