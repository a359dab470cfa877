import { useId, useState } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import { LOCALE_NAMES, LOCALES, isLocale } from '../../../common/locales'
import { languageOf } from '../i18n/language'
import { useSession } from '../session/useSession'

/** The header's language choice: saved to the account when logged in, else in this browser. */
export function LanguageSwitcher() {
  const { t } = useTranslation()
  const id = useId()
  const { preferences, updatePreferences } = useSession()
  const [failed, setFailed] = useState(false)

  async function choose(value: string) {
    if (!isLocale(value)) return
    setFailed(false)
    try {
      await updatePreferences({ language: value })
    } catch {
      setFailed(true)
    }
  }

  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <select id={id} className="language-switcher" value={languageOf(preferences)} onChange={(event) => void choose(event.target.value)}>
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
      {failed && (
        <span role="alert" className="header-alert">
          {t('language.saveFailed')}
        </span>
      )}
    </>
  )
}
