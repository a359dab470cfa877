import useSWR from 'swr'
import { Link } from 'react-router-dom'
import { keys } from '../api/keys'
import type { Classroom, User } from '../api/types'
import { useTranslation } from '../i18n/useTranslation'
import { teachesClasses } from '../session/scopes'

/**
 * What to do once the profile is saved: an educator who runs classes and has none yet creates the
 * first one; a parent or an independent learner goes to the topics. Nothing once classes exist.
 */
export function NextStep({ user }: { user: User }) {
  const { t } = useTranslation()
  const teaches = teachesClasses(user)
  const { data } = useSWR<{ docs: Classroom[] }>(teaches ? keys.classrooms(user.id) : null)
  if (teaches && (!data || data.docs.length > 0)) return null
  return (
    <section className="card card-body next-step" aria-labelledby="next-step-heading">
      <h2 id="next-step-heading">{t('profile.next.heading')}</h2>
      {teaches ? (
        <>
          <p>{t('profile.next.classIntro')}</p>
          <Link to="/user/classrooms/create" className="button button-primary">
            {t('profile.next.createClass')}
          </Link>
        </>
      ) : (
        <>
          <p>{t('profile.next.topicsIntro')}</p>
          <Link to="/topics" className="button button-primary">
            {t('profile.next.browseTopics')}
          </Link>
        </>
      )}
    </section>
  )
}
