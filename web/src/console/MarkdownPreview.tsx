import { useTranslation } from '../i18n/useTranslation'
import type { ReactNode } from 'react'

/**
 * A live preview of markdown, rendered to React elements: text is never parsed as HTML (raw HTML
 * shows as text) and links keep only safe schemes, so a preview cannot run script. It covers the
 * markdown the Lexical converter writes (headings, paragraphs, lists, quotes, code, emphasis,
 * links, images); the saved page is rendered by the server.
 */
export function MarkdownPreview({ markdown, label: givenLabel }: { markdown: string; label?: string }) {
  const { t } = useTranslation()
  const label = givenLabel ?? t('console.markdown.preview')
  return (
    <section className="markdown-preview" aria-label={label}>
      <h2 className="markdown-preview-title">{label}</h2>
      <div className="rich-text">{markdown.trim() ? renderBlocks(markdown) : <p className="muted">{t('console.markdown.nothing')}</p>}</div>
    </section>
  )
}

const SAFE_URL = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#|\.{0,2}\/|[\w-]+(\/|\.|$))/i

export function safeUrl(url: string): string | null {
  const trimmed = url.trim()
  return SAFE_URL.test(trimmed) && !/^\s*(javascript|data|vbscript):/i.test(trimmed) ? trimmed : null
}

const INLINE = /(`[^`]+`)|!\[([^\]]*)\]\(([^)\s]+)\)|\[([^\]]+)\]\(([^)\s]+)\)|(\*\*|__)(.+?)\6|(\*|_)(.+?)\8|~~(.+?)~~/

function renderInline(text: string, keyPrefix = 'i'): ReactNode[] {
  const nodes: ReactNode[] = []
  let rest = text
  let index = 0
  while (rest) {
    const match = INLINE.exec(rest)
    if (!match) {
      nodes.push(rest)
      break
    }
    if (match.index > 0) nodes.push(rest.slice(0, match.index))
    const key = `${keyPrefix}-${index++}`
    const [whole, code, alt, src, linkText, href, , strong, , em, strike] = match
    if (code) nodes.push(<code key={key}>{code.slice(1, -1)}</code>)
    else if (src !== undefined) {
      const url = safeUrl(src)
      nodes.push(url ? <img key={key} src={url} alt={alt} /> : alt)
    } else if (linkText !== undefined) {
      const url = safeUrl(href)
      nodes.push(
        url ? (
          <a key={key} href={url} rel="noopener noreferrer">
            {renderInline(linkText, key)}
          </a>
        ) : (
          linkText
        ),
      )
    } else if (strong !== undefined) nodes.push(<strong key={key}>{renderInline(strong, key)}</strong>)
    else if (em !== undefined) nodes.push(<em key={key}>{renderInline(em, key)}</em>)
    else if (strike !== undefined) nodes.push(<s key={key}>{renderInline(strike, key)}</s>)
    rest = rest.slice(match.index + whole.length)
  }
  return nodes
}

const HEADING = /^(#{1,6})\s+(.*)$/
const BULLET = /^\s*[-*+]\s+(.*)$/
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/

function renderBlocks(markdown: string): ReactNode[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n')
  const blocks: ReactNode[] = []
  let i = 0
  const key = () => `b-${blocks.length}`
  while (i < lines.length) {
    const line = lines[i]
    if (!line.trim()) {
      i++
      continue
    }
    if (line.startsWith('```')) {
      const code: string[] = []
      i++
      while (i < lines.length && !lines[i].startsWith('```')) code.push(lines[i++])
      i++
      blocks.push(
        <pre key={key()}>
          <code>{code.join('\n')}</code>
        </pre>,
      )
      continue
    }
    const heading = HEADING.exec(line)
    if (heading) {
      const Tag = `h${heading[1].length}` as 'h1'
      blocks.push(<Tag key={key()}>{renderInline(heading[2], key())}</Tag>)
      i++
      continue
    }
    if (RULE.test(line)) {
      blocks.push(<hr key={key()} />)
      i++
      continue
    }
    if (line.startsWith('>')) {
      const quote: string[] = []
      while (i < lines.length && lines[i].startsWith('>')) quote.push(lines[i++].replace(/^>\s?/, ''))
      blocks.push(<blockquote key={key()}>{renderBlocks(quote.join('\n'))}</blockquote>)
      continue
    }
    const list = BULLET.test(line) ? BULLET : NUMBERED.test(line) ? NUMBERED : null
    if (list) {
      const items: string[] = []
      while (i < lines.length && list.test(lines[i])) items.push((list.exec(lines[i++]) as RegExpExecArray)[1])
      const k = key()
      const children = items.map((item, n) => <li key={`${k}-${n}`}>{renderInline(item, `${k}-${n}`)}</li>)
      blocks.push(list === BULLET ? <ul key={k}>{children}</ul> : <ol key={k}>{children}</ol>)
      continue
    }
    const paragraph: string[] = []
    while (
      i < lines.length &&
      lines[i].trim() &&
      !HEADING.test(lines[i]) &&
      !lines[i].startsWith('```') &&
      !lines[i].startsWith('>') &&
      !BULLET.test(lines[i]) &&
      !NUMBERED.test(lines[i])
    ) {
      paragraph.push(lines[i++])
    }
    const k = key()
    blocks.push(<p key={k}>{renderInline(paragraph.join(' '), k)}</p>)
  }
  return blocks
}
