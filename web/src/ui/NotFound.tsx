import { useTranslation } from '../i18n/useTranslation'
import { Link } from 'react-router-dom'
import { useDocumentTitle } from './useDocumentTitle'

export function NotFound() {
  const { t } = useTranslation()
  useDocumentTitle(t('notFound.title'))
  return (
    <section className="not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <p>
        <Link to="/">{t('notFound.home')}</Link>
      </p>
    </section>
  )
}
