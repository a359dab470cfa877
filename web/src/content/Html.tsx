/** Renders HTML the server has already sanitized (docs/api.md: "Rendered HTML is sanitized on the server"). */
export function Html({ html, className = 'rich-text' }: { html: string | null | undefined; className?: string }) {
  if (!html) return null
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />
}
