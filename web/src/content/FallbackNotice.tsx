import { useTranslation } from 'react-i18next'
import type { Locale } from '../../../common/locales'

/** Says that the content below is the English, because the reader's language has no translation yet. */
export function FallbackNotice({ shown }: { shown: Locale }) {
  const { t, i18n } = useTranslation()
  if (shown === i18n.resolvedLanguage) return null
  return (
    <p role="note" className="notice notice-info fallback-notice">
      {t('content.fallback')}
    </p>
  )
}
