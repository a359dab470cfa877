import { useState, type FormEvent } from 'react'
import type { Theme } from '../api/types'
import { useSession } from '../session/useSession'
import { ErrorNotice, SuccessNotice } from '../ui/Notice'
import { SaveButton } from '../ui/SaveButton'
import { SelectInput } from '../ui/SelectInput'
import { Switch } from '../ui/Switch'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { THEME_UPDATED } from './accountSchemas'

export const THEME_OPTIONS: { value: Theme; label: string }[] = [
  { value: 'ancient', label: 'Ancient' },
  { value: 'behelit', label: 'Behelit' },
  { value: 'civics', label: 'Civics (Default)' },
  { value: 'kitsune', label: 'Kitsune' },
]

export function ThemeSettingsPage() {
  useDocumentTitle('Theme Settings')
  const { preferences, updatePreferences } = useSession()
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
      await updatePreferences({ theme, size, mode: night ? 'night' : 'day' })
      setStatus('saved')
    } catch (failure) {
      setError(failure)
      setStatus('error')
    }
  }

  return (
    <>
      <h1>Theme Settings</h1>
      {status === 'saved' && <SuccessNotice>{THEME_UPDATED}</SuccessNotice>}
      {status === 'error' && <ErrorNotice error={error} />}
      <form onSubmit={save} className="form" onChange={() => status === 'saved' && setStatus('idle')}>
        <SelectInput
          label="Theme"
          name="theme"
          options={THEME_OPTIONS}
          value={theme}
          onChange={(event) => setTheme(event.target.value as Theme)}
        />
        <Switch
          label="Auto-adjust Text Size"
          checked={size}
          onChange={(event) => setSize(event.target.checked)}
          aria-describedby="size-hint"
        />
        <p id="size-hint" className="field-hint">
          Adjusts the text size to the width of your device.
        </p>
        <Switch
          label="Day/Night"
          stateLabel={night ? '(Night)' : '(Day)'}
          checked={night}
          onChange={(event) => setNight(event.target.checked)}
        />
        <SaveButton label="Save Theme" loading={status === 'saving'} success={status === 'saved'} />
      </form>
    </>
  )
}
