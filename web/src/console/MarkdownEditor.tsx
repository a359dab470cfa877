import type { ComponentProps } from 'react'
import { TextArea } from '../ui/TextArea'
import { MarkdownPreview } from './MarkdownPreview'

type Props = Omit<ComponentProps<typeof TextArea>, 'label'> & {
  label?: string
  /** The current markdown (form.watch), for the live preview. */
  preview: string
}

/** The markdown textarea with a live, safely rendered preview beside it. */
export function MarkdownEditor({ label = 'Content (markdown)', preview, ...textarea }: Props) {
  return (
    <div className="markdown-editor">
      <TextArea label={label} hint="Markdown: # Heading, **bold**, *italic*, [link](https://…), - list item." {...textarea} />
      <MarkdownPreview markdown={preview} />
    </div>
  )
}
