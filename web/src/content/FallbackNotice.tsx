import { useTranslation } from '../i18n/useTranslation'
import type { Locale } from '../../../common/locales'
import { useLanguage } from './translation'

/** Says that the content below is the English, because the reader's language has no translation yet. */
export function FallbackNotice({ shown }: { shown: Locale }) {
  const { t } = useTranslation()
  const language = useLanguage()
  if (shown === language) return null
  return (
    <p role="note" className="notice notice-info fallback-notice">
      {t('content.fallback')}
    </p>
  )
}
