import { useTranslation } from 'react-i18next'

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation()
  return (
    <p role="status" className="loading">
      <span className="spinner" aria-hidden="true" />
      {label ?? t('common.loading')}
    </p>
  )
}
