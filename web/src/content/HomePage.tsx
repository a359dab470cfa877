import { Link } from 'react-router-dom'
import { PRODUCT_NAME, useDocumentTitle } from '../ui/useDocumentTitle'
import { TopicList } from './TopicList'

export function HomePage() {
  useDocumentTitle('Home')
  return (
    <>
      <section className="banner">
        <h1>{PRODUCT_NAME}</h1>
        <p className="banner-lead">A student-focused civics guide and review tool.</p>
      </section>
      <section className="intro" aria-labelledby="intro-heading">
        <h2 id="intro-heading">Learn how government works</h2>
        <p>
          Explore topics on the foundations of American government, citizenship, the Constitution and the
          political process. Each topic holds modules with readings, videos, links and quizzes to review what
          you have learned.
        </p>
        <p>
          <Link to="/topics" className="button button-primary">
            Browse Topics
          </Link>
        </p>
      </section>
      <section aria-labelledby="topics-heading">
        <h2 id="topics-heading">Topics</h2>
        <TopicList headingLevel={3} />
      </section>
    </>
  )
}
