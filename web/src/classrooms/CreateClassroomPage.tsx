import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router-dom'
import { useSWRConfig } from 'swr'
import { api } from '../api/client'
import { keys } from '../api/keys'
import type { Classroom } from '../api/types'
import { useSession } from '../session/useSession'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { ClassroomForm, type ClassroomValues } from './ClassroomForm'

export function CreateClassroomPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('classrooms.create.title'))
  const { user } = useSession()
  const navigate = useNavigate()
  const { mutate } = useSWRConfig()
  if (!user) return null

  async function create(values: ClassroomValues) {
    if (!user) return
    const classroom = await api.post<Classroom>(`/api/users/${user.id}/classrooms`, values)
    await mutate(keys.classroom(user.id, classroom.id), classroom, { revalidate: false })
    void mutate(keys.classrooms(user.id))
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
