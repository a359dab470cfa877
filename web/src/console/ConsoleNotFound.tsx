import { useTranslation } from '../i18n/useTranslation'
import { useNavigate } from 'react-router-dom'
import { useDocumentTitle } from '../ui/useDocumentTitle'

/** Spec section 2: unknown console paths show Not Found with a return-to-previous button. */
export function ConsoleNotFound() {
  const { t } = useTranslation()
  useDocumentTitle(t('notFound.title'))
  const navigate = useNavigate()
  return (
    <section className="not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <button type="button" className="button button-secondary" onClick={() => navigate(-1)}>
        {t('console.goBack')}
      </button>
    </section>
  )
}
