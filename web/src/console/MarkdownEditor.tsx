import { useTranslation } from '../i18n/useTranslation'
import type { ComponentProps } from 'react'
import { TextArea } from '../ui/TextArea'
import { MarkdownPreview } from './MarkdownPreview'

type Props = Omit<ComponentProps<typeof TextArea>, 'label'> & {
  label?: string
  /** The current markdown (form.watch), for the live preview. */
  preview: string
}

/** The markdown textarea with a live, safely rendered preview beside it. */
export function MarkdownEditor({ label, preview, ...textarea }: Props) {
  const { t } = useTranslation()
  return (
    <div className="markdown-editor">
      <TextArea label={label ?? t('console.markdown.label')} hint={t('console.markdown.hint')} {...textarea} />
      <MarkdownPreview markdown={preview} />
    </div>
  )
}
