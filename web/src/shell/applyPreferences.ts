import type { Theme } from '../api/types'
import type { Preferences } from '../session/preferences'

type Look = Pick<Preferences, 'mode' | 'size' | 'theme'>

// civics.css is in the main bundle (the default); the others load the first time they are chosen.
const stylesheets: Record<Theme, () => Promise<unknown>> = {
  ancient: () => import('./themes/ancient.css'),
  behelit: () => import('./themes/behelit.css'),
  civics: () => Promise.resolve(),
  kitsune: () => import('./themes/kitsune.css'),
}

export function rootClassNames({ theme, mode, size }: Look): string[] {
  return [`theme-${theme}`, `mode-${mode}`, ...(size ? ['font-size-auto'] : [])]
}

const OWN_CLASS = /^(theme-|mode-|font-size-auto$)/

/** Swaps the theme, mode and text-size classes on <html>, keeping any other class. */
export function applyPreferences(preferences: Look, root: HTMLElement = document.documentElement): void {
  const keep = Array.from(root.classList).filter((name) => !OWN_CLASS.test(name))
  root.className = [...keep, ...rootClassNames(preferences)].join(' ')
  root.style.colorScheme = preferences.mode === 'night' ? 'dark' : 'light'
  void stylesheets[preferences.theme]().catch(() => undefined)
}
