import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { THEMES } from '../api/types'

type Palette = Record<string, string>

function palettes(theme: string): { day: Palette; night: Palette } {
  const css = readFileSync(join(import.meta.dirname, 'themes', `${theme}.css`), 'utf8')
  const blocks = Array.from(css.matchAll(/([^{}]+)\{([^}]*)\}/g))
  const read = (mode: string): Palette => {
    const block = blocks.find(([, selector]) => selector.includes(`.theme-${theme}.mode-${mode}`))
    if (!block) throw new Error(`${theme}.css has no mode-${mode} block`)
    return Object.fromEntries(Array.from(block[2].matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})/gi)).map(([, name, value]) => [name, value]))
  }
  return { day: read('day'), night: read('night') }
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light + 0.05) / (dark + 0.05)
}

// [foreground, background, minimum]: text 4.5:1, UI components and focus 3:1 (WCAG 2.1 AA).
const PAIRS: [string, string, number][] = [
  ['text', 'bg', 4.5],
  ['text', 'surface', 4.5],
  ['text', 'surface-alt', 4.5],
  ['muted', 'bg', 4.5],
  ['muted', 'surface', 4.5],
  ['link', 'bg', 4.5],
  ['link', 'surface', 4.5],
  ['link', 'surface-alt', 4.5],
  ['on-primary', 'primary', 4.5],
  ['error', 'error-bg', 4.5],
  ['error', 'surface', 4.5],
  ['error', 'bg', 4.5],
  ['success', 'success-bg', 4.5],
  ['success', 'surface', 4.5],
  ['header-text', 'header-bg', 4.5],
  ['footer-text', 'footer-bg', 4.5],
  ['footer-link', 'footer-bg', 4.5],
  ['control-border', 'surface', 3],
  ['control-border', 'bg', 3],
  ['primary', 'surface', 3],
  ['primary', 'bg', 3],
  ['focus', 'bg', 3],
  ['focus', 'surface', 3],
  ['header-focus', 'header-bg', 3],
  ['header-focus', 'footer-bg', 3],
]

describe.each(THEMES)('theme %s', (theme) => {
  const { day, night } = palettes(theme)
  it.each([
    ['day', day],
    ['night', night],
  ])('is readable in %s mode (WCAG AA)', (_mode, palette) => {
    const failures = PAIRS.filter(([fg, bg, min]) => {
      expect(palette[fg], `--${fg}`).toMatch(/^#/)
      expect(palette[bg], `--${bg}`).toMatch(/^#/)
      return contrast(palette[fg], palette[bg]) < min
    }).map(([fg, bg, min]) => `--${fg} on --${bg}: ${contrast(palette[fg], palette[bg]).toFixed(2)} < ${min}`)
    expect(failures).toEqual([])
  })
})
