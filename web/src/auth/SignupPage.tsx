import { useTranslation } from '../i18n/useTranslation'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import type { User } from '../api/types'
import { useSession } from '../session/useSession'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { EducatorSignupForm } from './EducatorSignupForm'
import { StudentSignupForm } from './StudentSignupForm'

function TypeChoice() {
  const { t } = useTranslation()
  return (
    <>
      <h1>{t('auth.signup.title')}</h1>
      <p>{t('auth.signup.who')}</p>
      <ul className="choice-grid">
        <li>
          <Link to="/signup?type=student" className="choice-card">
            <span className="choice-title">{t('auth.signup.student')}</span>
            <span className="choice-text">{t('auth.signup.studentText')}</span>
          </Link>
        </li>
        <li>
          <Link to="/signup?type=educator" className="choice-card">
            <span className="choice-title">{t('auth.signup.educator')}</span>
            <span className="choice-text">{t('auth.signup.educatorText')}</span>
          </Link>
        </li>
      </ul>
    </>
  )
}

export function SignupPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const type = params.get('type')
  const { setUser } = useSession()
  const navigate = useNavigate()
  const heading = t(type === 'educator' ? 'auth.signup.educatorTitle' : type === 'student' ? 'auth.signup.studentTitle' : 'auth.signup.title')
  useDocumentTitle(heading)

  function signedUp(user: User) {
    setUser(user)
    navigate('/user/profile')
  }

  return (
    <section className="auth-panel auth-panel-narrow">
      {type === 'educator' || type === 'student' ? (
        <>
          <h1>{heading}</h1>
          {type === 'educator' ? <EducatorSignupForm onSignedUp={signedUp} /> : <StudentSignupForm onSignedUp={signedUp} />}
          <p className="auth-links">
            <Link to="/signup">{t('auth.signup.back')}</Link>
            <Link to="/login">{t('auth.signup.haveAccount')}</Link>
          </p>
        </>
      ) : (
        <TypeChoice />
      )}
    </section>
  )
}
