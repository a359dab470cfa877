import { useTranslation } from '../i18n/useTranslation'
import { LOCALE_NAMES, LOCALES, isLocale } from '../../../common/locales'
import { setEditingLocale, useEditingLocale } from './editingLocale'

/** Which language's title and text the console's edit screens load and save. */
export function ContentLanguagePicker() {
  const { t } = useTranslation()
  const locale = useEditingLocale()
  return (
    <div className="field console-locale">
      <label htmlFor="console-locale">{t('console.contentLanguage')}</label>
      <select
        id="console-locale"
        value={locale}
        onChange={(event) => isLocale(event.target.value) && setEditingLocale(event.target.value)}
        aria-describedby="console-locale-hint"
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
      <p id="console-locale-hint" className="field-hint">
        {t('console.contentLanguageHint')}
      </p>
    </div>
  )
}
