import type { ReactNode } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import { Link } from 'react-router-dom'
import { PRODUCT_NAME, useDocumentTitle } from '../ui/useDocumentTitle'
import { isStudent } from '../session/scopes'
import { useSession } from '../session/useSession'
import { StudentHome } from './StudentHome'
import { TopicList } from './TopicList'

/** `studentWork`: what the shell puts after a signed-in student's first section (their assignments). */
export function HomePage({ studentWork }: { studentWork?: ReactNode }) {
  const { t } = useTranslation()
  useDocumentTitle(t('content.home.title'))
  const { user } = useSession()
  return (
    <>
      {user && isStudent(user) && <StudentHome user={user} />}
      {user && isStudent(user) && studentWork}
      <section className="banner">
        <h1>{PRODUCT_NAME}</h1>
        <p className="banner-lead">{t('content.home.lead')}</p>
      </section>
      <section className="intro" aria-labelledby="intro-heading">
        <h2 id="intro-heading">{t('content.home.introHeading')}</h2>
        <p>{t('content.home.intro')}</p>
        <p>
          <Link to="/topics" className="button button-primary">
            {t('content.home.browse')}
          </Link>
        </p>
      </section>
      <section aria-labelledby="topics-heading">
        <h2 id="topics-heading">{t('content.home.topicsHeading')}</h2>
        <TopicList headingLevel={3} />
      </section>
    </>
  )
}
