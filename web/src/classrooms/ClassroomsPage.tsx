import { useTranslation } from '../i18n/useTranslation'
import { Link, useLocation, useSearchParams } from 'react-router-dom'
import useSWR from 'swr'
import { keys } from '../api/keys'
import type { ClassroomList } from '../api/types'
import { useSession } from '../session/useSession'
import { Loading } from '../ui/Loading'
import { ErrorNotice, SuccessNotice } from '../ui/Notice'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { translateMessage } from '../i18n/messages'
import en from '../i18n/locales/en.json'

export function ClassroomsPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('classrooms.list.title'))
  const { user } = useSession()
  // Archived classrooms are listed apart (`?archived=true`); a deleted one's message comes with the visit.
  const [search] = useSearchParams()
  const archived = search.get('archived') === 'true'
  const notice = (useLocation().state as { notice?: string } | null)?.notice
  const { data, error, isLoading } = useSWR<ClassroomList>(user ? (archived ? keys.archivedClassrooms(user.id) : keys.classrooms(user.id)) : null)
  const classrooms = data?.docs ?? []
  return (
    <>
      <div className="page-heading">
        <h1>{t('classrooms.list.title')}</h1>
        <Link to="/user/classrooms/create" className="button button-primary">
          {t('classrooms.list.create')}
        </Link>
      </div>
      {notice && <SuccessNotice>{notice}</SuccessNotice>}
      {archived && <h2>{t('classrooms.archive.archivedHeading')}</h2>}
      <p>
        <Link to={archived ? '/user/classrooms' : '/user/classrooms?archived=true'}>
          {archived ? t('classrooms.archive.showActive') : t('classrooms.archive.showArchived')}
        </Link>
      </p>
      {isLoading && <Loading label={t('classrooms.list.loading')} />}
      {error && !data && <ErrorNotice error={error} />}
      {data && classrooms.length === 0 && (
        <p className="empty-state">{archived ? t('classrooms.archive.noArchived') : translateMessage(en.messages.noClassrooms)}</p>
      )}
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
