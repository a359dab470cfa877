import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import type { CollectionBeforeValidateHook, Field, FieldHook, SanitizedConfig } from 'payload'

import { convertLexicalToMarkdown, convertMarkdownToLexical, editorConfigFactory, lexicalEditor } from '@payloadcms/richtext-lexical'
import { convertLexicalToHTML } from '@payloadcms/richtext-lexical/html'
import { createHash } from 'node:crypto'

import sanitizeHtml from 'sanitize-html'

import { requiredInEnglish } from '@cms/config/localization'

/**
 * One Lexical field (`body`) is the truth for every rich text in the product. The `markdown` the
 * console edits and the `html` the SPA renders are derived from it on read, and writing `markdown`
 * replaces it (see docs/adr/rich-text-one-lexical-body.md).
 */
export const editor = lexicalEditor()

const editorConfigs = new WeakMap<SanitizedConfig, ReturnType<typeof editorConfigFactory.default>>()
const editorConfigFor = (config: SanitizedConfig) => {
  let found = editorConfigs.get(config)
  if (!found) {
    found = editorConfigFactory.default({ config })
    editorConfigs.set(config, found)
  }
  return found
}

/**
 * An image from another site would be fetched by every reader's browser (a third party on a
 * student's page), so it becomes a link to it; images the product serves stay images.
 */
const imageOnThisSite: sanitizeHtml.Transformer = (tagName, attribs) => {
  const src = attribs.src ?? ''
  if (!/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(src.trim()) || /^data:image\//i.test(src.trim())) return { tagName, attribs }
  return { tagName: 'a', attribs: { href: src, rel: 'noopener noreferrer' }, text: attribs.alt?.trim() || src }
}

const contentHtmlOptions: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'u', 's', 'sub', 'sup'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    '*': ['class'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }), img: imageOnThisSite },
}

export const sanitizeContentHtml = (html: string): string => sanitizeHtml(html, contentHtmlOptions)

/** Video embeds: only iframes from the video hosts a school would use. */
export const videoHosts = ['www.youtube.com', 'www.youtube-nocookie.com', 'youtube.com', 'player.vimeo.com']
export const sanitizeVideoEmbed = (html: string): string =>
  sanitizeHtml(html, {
    allowedTags: ['iframe'],
    allowedAttributes: {
      iframe: ['src', 'title', 'width', 'height', 'allow', 'allowfullscreen', 'frameborder', 'loading', 'referrerpolicy'],
    },
    allowedSchemes: ['https'],
    allowedIframeHostnames: videoHosts,
  })

const isEditorState = (value: unknown): value is SerializedEditorState => Boolean(value && typeof value === 'object' && 'root' in (value as object))

/**
 * Derived text is a pure function of the body, and converting is the expensive part of reading a
 * list of topics, so results are cached in a small LRU keyed by a hash of the body.
 */
const derived = new Map<string, string>()
const derivedLimit = 2000
const memo = async (kind: string, body: SerializedEditorState, convert: () => string | Promise<string>) => {
  const key = `${kind}:${createHash('sha1').update(JSON.stringify(body)).digest('base64')}`
  const hit = derived.get(key)
  if (hit !== undefined) {
    derived.delete(key)
    derived.set(key, hit)
    return hit
  }
  const value = await convert()
  derived.set(key, value)
  if (derived.size > derivedLimit) derived.delete(derived.keys().next().value as string)
  return value
}

export const lexicalToHtml = async (body: unknown): Promise<string> =>
  isEditorState(body) ? memo('html', body, () => sanitizeContentHtml(convertLexicalToHTML({ data: body, disableContainer: true }))) : ''

export const lexicalToMarkdown = async (body: unknown, config: SanitizedConfig): Promise<string> =>
  isEditorState(body) ? memo('md', body, async () => convertLexicalToMarkdown({ data: body, editorConfig: await editorConfigFor(config) })) : ''

export const markdownToLexical = async (markdown: string, config: SanitizedConfig) =>
  convertMarkdownToLexical({ editorConfig: await editorConfigFor(config), markdown })

const readMarkdown: FieldHook = ({ siblingData, req }) => lexicalToMarkdown(siblingData?.body, req.payload.config)
const readHtml: FieldHook = ({ siblingData }) => lexicalToHtml(siblingData?.body)

/** `body` (Lexical, stored), `markdown` and an HTML field (derived, never stored). */
export const richTextFields = ({ htmlField = 'content', required = false } = {}): Field[] => [
  // Each language has its own body; markdown and html below are derived from the one being read.
  required
    ? requiredInEnglish({ name: 'body', type: 'richText', editor, label: 'Content' })
    : { name: 'body', type: 'richText', editor, label: 'Content', localized: true },
  {
    name: 'markdown',
    type: 'textarea',
    virtual: true,
    admin: { hidden: true },
    hooks: { afterRead: [readMarkdown] },
  },
  {
    name: htmlField,
    type: 'textarea',
    virtual: true,
    admin: { hidden: true },
    hooks: { afterRead: [readHtml] },
  },
]

/** Writing `markdown` (or `content.markdown` for pages) through the API replaces the Lexical body. */
export const markdownWritesBody =
  (...paths: string[][]): CollectionBeforeValidateHook =>
  async ({ data, originalDoc, req }) => {
    if (!data) return data
    const at = (source: unknown, path: string[]) => path.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], source)
    for (const path of paths) {
      const markdown = at(data, path)
      // Unchanged markdown (an update carrying the document's own derived markdown back) keeps the
      // body: re-converting would lose formatting, and would give a translation without a body of
      // its own an empty one where it should fall back to English.
      if (typeof markdown === 'string' && markdown !== at(originalDoc, path)) {
        data.body = await markdownToLexical(markdown, req.payload.config)
        break
      }
    }
    return data
  }
