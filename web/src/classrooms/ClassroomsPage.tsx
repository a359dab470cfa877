import { useTranslation } from '../i18n/useTranslation'
import { Link } from 'react-router-dom'
import useSWR from 'swr'
import { keys } from '../api/keys'
import type { Classroom, Paginated } from '../api/types'
import { useSession } from '../session/useSession'
import { Loading } from '../ui/Loading'
import { ErrorNotice } from '../ui/Notice'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { translateMessage } from '../i18n/messages'
import en from '../i18n/locales/en.json'

export function ClassroomsPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('classrooms.list.title'))
  const { user } = useSession()
  const { data, error, isLoading } = useSWR<Paginated<Classroom>>(user ? keys.classrooms(user.id) : null)
  const classrooms = data?.docs ?? []
  return (
    <>
      <div className="page-heading">
        <h1>{t('classrooms.list.title')}</h1>
        <Link to="/user/classrooms/create" className="button button-primary">
          {t('classrooms.list.create')}
        </Link>
      </div>
      {isLoading && <Loading label={t('classrooms.list.loading')} />}
      {error && !data && <ErrorNotice error={error} />}
      {data && classrooms.length === 0 && <p className="empty-state">{translateMessage(en.messages.noClassrooms)}</p>}
      {classrooms.length > 0 && (
        <ul className="card-grid classroom-cards">
          {classrooms.map((classroom) => (
            <li key={classroom.id} className="card classroom-card">
              <Link to={`/user/classrooms/${classroom.id}`} className="card-link">
                <span className="card-title">{classroom.name}</span>
                <span className="classroom-code">
                  {t('classrooms.code')} <span className="code">{classroom.code}</span>
                </span>
                <span>{t('classrooms.list.studentCount', { count: classroom.studentCount ?? classroom.students?.length ?? 0 })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
