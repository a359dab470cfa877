import { useEffect } from 'react'

export const PRODUCT_NAME = 'Civics360'

/** Sets the tab title; `exact` titles are used as they are (the log-in page's). */
export function useDocumentTitle(title: string | null | undefined, exact = false): void {
  useEffect(() => {
    if (!title) return
    document.title = exact ? title : `${title} | ${PRODUCT_NAME}`
  }, [title, exact])
}
