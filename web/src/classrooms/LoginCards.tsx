import { useEffect, useRef } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import type { NewLogin } from '../../../common/progress'
import './roster.css'

interface Props {
  logins: NewLogin[]
  code: string
  onDone: () => void
}

/**
 * Cards to cut out and hand to students: username, password, classroom code and the site's
 * address. The print stylesheet (roster.css) prints only these, several to a page. The passwords
 * exist only here, in memory, until the teacher leaves.
 */
export function LoginCards({ logins, code, onDone }: Props) {
  const { t } = useTranslation()
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [])
  const site = `${window.location.origin}/login`
  return (
    <section className="login-cards" aria-labelledby="login-cards-heading">
      <h2 id="login-cards-heading" tabIndex={-1} ref={headingRef} className="no-print">
        {t('classrooms.roster.cardsHeading')}
      </h2>
      <p className="notice no-print">{t('classrooms.roster.cardsOnce')}</p>
      <div className="form-actions no-print">
        <button type="button" className="button button-primary" onClick={() => window.print()}>
          {t('classrooms.roster.printCards')}
        </button>
        <button type="button" className="button button-secondary" onClick={onDone}>
          {t('classrooms.roster.hideCards')}
        </button>
      </div>
      <ul className="login-cards-list">
        {logins.map((login) => (
          <li key={login.id} className="login-card">
            <h3>
              {t('classrooms.roster.cardTitle')}
              {login.firstName ? ` · ${login.firstName}` : ''}
            </h3>
            <dl>
              <dt>{t('classrooms.roster.cardSite')}</dt>
              <dd>{site}</dd>
              <dt>{t('classrooms.roster.cardUsername')}</dt>
              <dd>{login.username}</dd>
              <dt>{t('classrooms.roster.cardPassword')}</dt>
              <dd>{login.password}</dd>
              <dt>{t('classrooms.roster.cardCode')}</dt>
              <dd>{code}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  )
}
