import { useCallback, useEffect, useRef } from 'react'

/**
 * While the calling screen is shown, leaving it asks first: closing or reloading the tab (the
 * browser's own question), following a link in the app (header, menu, sidebar), and Back. The
 * app's router has no blocker of its own (it is not a data router), so Back is held by one extra
 * history entry at the same address. Call the returned `release` before leaving on purpose
 * (a "Done" button): it takes that entry back out, so the next Back goes where it should.
 */
export function useLeaveWarning(message: string) {
  const messageRef = useRef(message)
  messageRef.current = message
  const guarding = useRef(false)

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers show the question only when returnValue is set.
      event.returnValue = ''
    }
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const link = (event.target as Element | null)?.closest?.('a[href]')
      if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download') || link.target === '_blank') return
      if (window.confirm(messageRef.current)) return
      event.preventDefault()
      event.stopPropagation()
    }
    const onPopState = () => {
      if (!guarding.current) return
      if (window.confirm(messageRef.current)) {
        guarding.current = false
        window.history.back()
      } else {
        window.history.pushState(window.history.state, '')
      }
    }
    window.history.pushState(window.history.state, '')
    guarding.current = true
    window.addEventListener('beforeunload', onBeforeUnload)
    document.addEventListener('click', onClick, true)
    window.addEventListener('popstate', onPopState)
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload)
      document.removeEventListener('click', onClick, true)
      window.removeEventListener('popstate', onPopState)
    }
  }, [])

  return useCallback(() => {
    if (!guarding.current) return
    guarding.current = false
    window.history.back()
  }, [])
}
