import { useTranslation } from '../i18n/useTranslation'

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation()
  return (
    <p role="status" className="loading">
      <span className="spinner" aria-hidden="true" />
      {label ?? t('common.loading')}
    </p>
  )
}
