import useSWR from 'swr'
import { Link } from 'react-router-dom'
import { keys } from '../api/keys'
import type { StudentHome as StudentHomeData, User } from '../api/types'
import { useTranslation } from '../i18n/useTranslation'
import { attemptLabel } from './AttemptStatus'

/**
 * The first thing a signed-in student sees at home: their class (with the teacher's name) and the
 * activity they opened last, one click away, with how far they got. The public home follows.
 */
export function StudentHome({ user }: { user: User }) {
  const { t } = useTranslation()
  const { data } = useSWR<StudentHomeData>(keys.studentHome(user.id))
  if (!data) return null
  const { classroom, lastActivity } = data
  return (
    <section className="card card-body student-home" aria-labelledby="student-home-heading">
      <h2 id="student-home-heading">{classroom ? t('content.studentHome.yourClass', { name: classroom.name }) : t('content.studentHome.noClass')}</h2>
      {classroom?.teacher && <p>{t('content.studentHome.teacher', { teacher: classroom.teacher })}</p>}
      <h3>{t('content.studentHome.leftOff')}</h3>
      {lastActivity ? (
        <p className="student-home-last">
          <Link to={`/modules/${lastActivity.module.id}`}>{lastActivity.title}</Link>
          {lastActivity.module.title && <> {t('content.studentHome.inModule', { module: lastActivity.module.title })}</>}
          {' · '}
          <span className={`attempt-status attempt-${lastActivity.status}`}>
            <span className="visually-hidden">{t('content.attempt.progress')}</span>
            {attemptLabel({ status: lastActivity.status, score: lastActivity.score }, t)}
          </span>
        </p>
      ) : (
        <p>
          {t('content.studentHome.nothingYet')} <Link to="/topics">{t('content.home.browse')}</Link>
        </p>
      )}
    </section>
  )
}
