import { useNavigate } from 'react-router-dom'
import { useDocumentTitle } from '../ui/useDocumentTitle'

/** Spec section 2: unknown console paths show Not Found with a return-to-previous button. */
export function ConsoleNotFound() {
  useDocumentTitle('Not Found')
  const navigate = useNavigate()
  return (
    <section className="not-found">
      <h1>Not Found</h1>
      <p>We couldn’t find the page you were looking for.</p>
      <button type="button" className="button button-secondary" onClick={() => navigate(-1)}>
        Go back
      </button>
    </section>
  )
}
