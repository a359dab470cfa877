import { useState, type FormEvent } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import { LOCALE_NAMES, LOCALES, isLocale, type Locale } from '../../../common/locales'
import type { Theme } from '../api/types'
import { useSession } from '../session/useSession'
import { ErrorNotice, SuccessNotice } from '../ui/Notice'
import { SaveButton } from '../ui/SaveButton'
import { SelectInput } from '../ui/SelectInput'
import { Switch } from '../ui/Switch'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import en from '../i18n/locales/en.json'

/** The themes' names (proper names, the same in every language); the default one says so in the reader's. */
const THEME_OPTIONS: { value: Theme; label: string; isDefault?: boolean }[] = [
  { value: 'ancient', label: 'Ancient' },
  { value: 'behelit', label: 'Behelit' },
  { value: 'civics', label: 'Civics', isDefault: true },
  { value: 'kitsune', label: 'Kitsune' },
]

export function ThemeSettingsPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('account.theme.title'))
  const { preferences, updatePreferences } = useSession()
  const [language, setLanguage] = useState<Locale | ''>(preferences.language ?? '')
  const [theme, setTheme] = useState<Theme>(preferences.theme)
  const [size, setSize] = useState(preferences.size)
  const [night, setNight] = useState(preferences.mode === 'night')
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'error'>('idle')
  const [error, setError] = useState<unknown>(null)

  async function save(event: FormEvent) {
    event.preventDefault()
    setStatus('saving')
    setError(null)
    try {
      const languageChanged = language !== (preferences.language ?? '')
      await updatePreferences({ theme, size, mode: night ? 'night' : 'day', ...(languageChanged ? { language: language || null } : {}) })
      setStatus('saved')
    } catch (failure) {
      setError(failure)
      setStatus('error')
    }
  }

  return (
    <>
      <h1>{t('account.theme.title')}</h1>
      {status === 'saved' && <SuccessNotice>{en.messages.themeUpdated}</SuccessNotice>}
      {status === 'error' && <ErrorNotice error={error} />}
      <form onSubmit={save} className="form" onChange={() => status === 'saved' && setStatus('idle')}>
        <SelectInput
          label={t('account.theme.theme')}
          name="theme"
          options={THEME_OPTIONS.map(({ value, label, isDefault }) => ({ value, label: isDefault ? t('account.theme.default', { name: label }) : label }))}
          value={theme}
          onChange={(event) => setTheme(event.target.value as Theme)}
        />
        <Switch label={t('account.theme.size')} checked={size} onChange={(event) => setSize(event.target.checked)} aria-describedby="size-hint" />
        <p id="size-hint" className="field-hint">
          {t('account.theme.sizeHint')}
        </p>
        <Switch
          label={t('account.theme.dayNight')}
          stateLabel={night ? t('account.theme.night') : t('account.theme.day')}
          checked={night}
          onChange={(event) => setNight(event.target.checked)}
        />
        <SelectInput
          label={t('account.theme.language')}
          name="language"
          options={[{ value: '', label: t('account.theme.browserLanguage') }, ...LOCALES.map((code) => ({ value: code, label: LOCALE_NAMES[code] }))]}
          value={language}
          onChange={(event) => setLanguage(isLocale(event.target.value) ? event.target.value : '')}
        />
        <SaveButton label={t('account.theme.save')} loading={status === 'saving'} success={status === 'saved'} />
      </form>
    </>
  )
}
