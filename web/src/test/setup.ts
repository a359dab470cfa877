import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { loadScreensEnglish } from '../i18n/i18n'

// Screens render in tests without their lazy route (shell/App.tsx): their English is there first.
await loadScreensEnglish()

afterEach(() => {
  cleanup()
  localStorage.clear()
  document.documentElement.className = ''
})
