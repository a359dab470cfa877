import { useTranslation } from '../i18n/useTranslation'
import type { EducatorType } from '../api/types'
import { PRODUCT_NAME } from '../ui/useDocumentTitle'
import { ACCOUNT_TYPES } from './profileOptions'

export function TypePicker({ completed, onChoose }: { completed: boolean; onChoose: (type: EducatorType) => void }) {
  const { t } = useTranslation()
  return (
    <>
      <h1>{t(completed ? 'profile.changeType' : 'profile.finish')}</h1>
      <p>{t('profile.typeQuestion')}</p>
      <ul className="choice-grid type-picker">
        {ACCOUNT_TYPES.map((type) => (
          <li key={type}>
            <button type="button" className="choice-card" onClick={() => onChoose(type)}>
              <span className="choice-title">{t(`profile.types.${type}.label`)}</span>
              <span className="choice-text">{t(`profile.types.${type}.description`, { product: PRODUCT_NAME })}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  )
}
