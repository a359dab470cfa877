import { PREVIEW_LENGTH } from './consoleMessages'

/** Spec section 9: the page list previews 100 characters of markdown. */
export function markdownExcerpt(markdown: string | null | undefined): { text: string; truncated: boolean } {
  const source = markdown ?? ''
  return { text: source.slice(0, PREVIEW_LENGTH), truncated: source.length > PREVIEW_LENGTH }
}
