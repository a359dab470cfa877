import { useTranslation } from '../i18n/useTranslation'
import { Link, useNavigate } from 'react-router-dom'
import { useSession } from '../session/useSession'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { useCreateClassroom } from './api/classrooms'
import { ClassroomForm, type ClassroomValues } from './ClassroomForm'

export function CreateClassroomPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('classrooms.create.title'))
  const { user } = useSession()
  const navigate = useNavigate()
  const createClassroom = useCreateClassroom()
  if (!user) return null

  async function create(values: ClassroomValues) {
    if (!user) return
    const classroom = await createClassroom(user, values)
    navigate(`/user/classrooms/${classroom.id}`, { replace: true })
  }

  return (
    <>
      <h1>{t('classrooms.create.title')}</h1>
      <ClassroomForm submitLabel={t('classrooms.create.title')} onSubmit={create} />
      <p>
        <Link to="/user/classrooms">{t('classrooms.back')}</Link>
      </p>
    </>
  )
}
