import { useRef, type ReactNode } from 'react'
import type { Translatable } from '../api/types'
import { FallbackNotice } from './FallbackNotice'
import { ListenButton } from './ListenButton'
import { shownLanguage, useLanguage } from './translation'

/**
 * A content panel in the reader's language: marked with the language it is really in (English
 * when there is no translation, with a notice saying so), and a Listen button that reads it.
 */
export function LocalizedContent({ doc, children }: { doc: Translatable & { title: string }; children: ReactNode }) {
  const text = useRef<HTMLDivElement>(null)
  const shown = shownLanguage(doc, useLanguage())
  return (
    <>
      <FallbackNotice shown={shown} />
      <div ref={text} lang={shown}>
        {children}
      </div>
      <ListenButton target={text} language={shown} title={doc.title} />
    </>
  )
}
