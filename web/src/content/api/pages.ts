import { useSWRConfig } from 'swr'
import { api } from '../../api/client'
import { keys } from '../../api/keys'
import type { Page } from '../../api/types'

export interface PageChanges {
  title: string
  slug: string
  markdown: string
  template: string
}

/** An editor's save of a page; answers the saved page. */
export async function savePage(page: Page, changes: PageChanges): Promise<Page> {
  const answer = await api.put<{ doc?: Page }>(`/api/pages/${page.id}`, {
    title: changes.title,
    slug: changes.slug,
    content: { markdown: changes.markdown, template: changes.template },
  })
  return answer.doc ?? { ...page, title: changes.title, slug: changes.slug }
}

/** After a save: the page, under its (perhaps new) slug, shows the saved version and is fetched again. */
export function useRefreshSavedPage() {
  const { mutate } = useSWRConfig()
  return (saved: Page) => mutate(keys.pageBySlug(saved.slug), saved, { revalidate: true })
}
