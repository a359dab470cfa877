import type { ReactElement } from 'react'
import { useCallback, useSyncExternalStore } from 'react'
import { TransNoContext } from '@lingui/react/server'
import type { Locale } from '../../../common/locales'
import { i18n } from './i18n'

/** A catalogue message by its key (`'shell.nav.topics'`), with its `{placeholders}` filled. */
export type TFunction = (key: string, values?: Record<string, unknown>) => string

// Lingui says "change" when a catalogue is loaded or the language changes; each one is a new
// version, so every translated component renders again.
let version = 0
i18n.on('change', () => {
  version += 1
})
const subscribe = (onChange: () => void) => i18n.on('change', onChange)
const currentVersion = () => version

/**
 * The interface's words in the chosen language: `const { t } = useTranslation()`. It reads the one
 * Lingui instance (i18n.ts) directly rather than through `I18nProvider`, so a component renders
 * the same alone (in its tests) as inside the app; `t` is a new function after each change, so
 * effects and memos that use it run again.
 */
export function useTranslation(): { t: TFunction; language: Locale } {
  const changes = useSyncExternalStore(subscribe, currentVersion)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new `t` for each change of language or catalogue
  const t = useCallback<TFunction>((key, values) => i18n._(key, values), [changes])
  return { t, language: i18n.locale as Locale }
}

/**
 * A sentence with markup from one catalogue message (`We sent a link to <strong>{email}</strong>.`),
 * so translators keep the whole sentence: `components` gives each tag its element.
 */
export function Trans({ i18nKey, values, components }: { i18nKey: string; values?: Record<string, unknown>; components: Record<string, ReactElement> }) {
  useTranslation() // renders again in a newly chosen language
  return <TransNoContext id={i18nKey} values={values} components={components} lingui={{ i18n }} />
}
