import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import type { User } from '../api/types'
import { useSession } from '../session/useSession'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { EducatorSignupForm } from './EducatorSignupForm'
import { StudentSignupForm } from './StudentSignupForm'

function TypeChoice() {
  return (
    <>
      <h1>Sign up</h1>
      <p>Who are you signing up as?</p>
      <ul className="choice-grid">
        <li>
          <Link to="/signup?type=student" className="choice-card">
            <span className="choice-title">Student</span>
            <span className="choice-text">Join your class with the code your teacher gave you.</span>
          </Link>
        </li>
        <li>
          <Link to="/signup?type=educator" className="choice-card">
            <span className="choice-title">Educator</span>
            <span className="choice-text">Teachers, schools, districts, parents and everyone else.</span>
          </Link>
        </li>
      </ul>
    </>
  )
}

export function SignupPage() {
  const [params] = useSearchParams()
  const type = params.get('type')
  const { setUser } = useSession()
  const navigate = useNavigate()
  const heading = type === 'educator' ? 'Educator Sign Up' : type === 'student' ? 'Student Sign Up' : 'Sign up'
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
            <Link to="/signup">Back to account types</Link>
            <Link to="/login">Already have an account? Log in.</Link>
          </p>
        </>
      ) : (
        <TypeChoice />
      )}
    </section>
  )
}
