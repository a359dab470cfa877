import { Link } from 'react-router-dom'
import { useDocumentTitle } from './useDocumentTitle'

export function NotFound() {
  useDocumentTitle('Not Found')
  return (
    <section className="not-found">
      <h1>Not Found</h1>
      <p>We couldn’t find the page you were looking for.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  )
}
