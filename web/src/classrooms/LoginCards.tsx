import { type CSSProperties, useEffect, useRef } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import type { NewLogin } from '../../../common/progress'
import { useLeaveWarning } from './useLeaveWarning'
import './roster.css'

interface Props {
  logins: NewLogin[]
  classroom: { name: string; code: string }
  onDone: () => void
}

/** A cell a spreadsheet would not run as a formula, quoted when it must be. */
const csvCell = (value: string) => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/**
 * One thing to copy from a card (the address, a username, a password, a code): never broken
 * across lines. Its font shrinks to fit the card's width instead (roster.css, from its length).
 */
function Token({ value }: { value: string }) {
  return (
    <span className="card-token" style={{ '--chars': Math.max(value.length, 1) } as CSSProperties}>
      {value}
    </span>
  )
}

/**
 * Cards to cut out and hand to students: username, password, classroom code and the site's
 * address, and the class's name. The print stylesheet (roster.css) prints only these, eight to a
 * Letter page. The passwords exist only here, in memory: leaving the page asks first, and the
 * cards can be downloaded as a spreadsheet.
 */
export function LoginCards({ logins, classroom, onDone }: Props) {
  const { t } = useTranslation()
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [])
  const release = useLeaveWarning(t('classrooms.cards.leaveWarning'))
  const site = `${window.location.origin}/login`

  function download() {
    const header = ['csvFirstName', 'csvUsername', 'csvPassword', 'csvClass', 'csvCode', 'csvSite'].map((key) => t(`classrooms.cards.${key}`))
    const rows = logins.map((login) => [login.firstName ?? '', login.username, login.password, classroom.name, classroom.code, site])
    // A byte-order mark, so a spreadsheet opens the file as UTF-8 (accented names).
    const text = `\ufeff${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`
    const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
    const link = document.createElement('a')
    link.href = url
    link.download = `${t('classrooms.cards.fileName')}.csv`
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }

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
        <button type="button" className="button button-secondary" onClick={download}>
          {t('classrooms.cards.download')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            release()
            onDone()
          }}
        >
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
            <p className="login-card-class">
              {t('classrooms.cards.cardClass')}: {classroom.name}
            </p>
            <dl>
              <div>
                <dt>{t('classrooms.roster.cardSite')}</dt>
                <dd>
                  <Token value={site} />
                </dd>
              </div>
              <div>
                <dt>{t('classrooms.roster.cardUsername')}</dt>
                <dd>
                  <Token value={login.username} />
                </dd>
              </div>
              <div>
                <dt>{t('classrooms.roster.cardPassword')}</dt>
                <dd>
                  <Token value={login.password} />
                </dd>
              </div>
              <div>
                <dt>{t('classrooms.roster.cardCode')}</dt>
                <dd>
                  <Token value={classroom.code} />
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  )
}
