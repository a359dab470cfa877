import type { KeyboardEvent } from 'react'

/**
 * The keys of a menu button and its menu (WAI-ARIA menu button pattern), for every menu of the app.
 * On the button: Down opens the menu on its first item, Up on its last (Enter and Space open it
 * through the button's own click: Space clicks on key up, so handling it here too would open the
 * menu and close it again).
 */
export function onMenuButtonKeyDown(event: KeyboardEvent<HTMLElement>, openMenu: (focus: 'first' | 'last') => void) {
  if (event.key === 'ArrowDown') {
    event.preventDefault()
    openMenu('first')
  } else if (event.key === 'ArrowUp') {
    event.preventDefault()
    openMenu('last')
  }
}

/**
 * In the open menu: arrows move round its items, Home and End to the ends, Escape closes it
 * (`close` gives focus back to the button), Tab closes it and lets focus go on, and Space chooses a
 * link item as Enter does (a button item does it by itself).
 */
export function onMenuKeyDown(event: KeyboardEvent<HTMLElement>, items: HTMLElement[], { close, dismiss }: { close: () => void; dismiss: () => void }) {
  const index = items.indexOf(document.activeElement as HTMLElement)
  const move = (to: number) => {
    event.preventDefault()
    items[(to + items.length) % items.length]?.focus()
  }
  switch (event.key) {
    case 'ArrowDown':
      return move(index + 1)
    case 'ArrowUp':
      return move(index - 1)
    case 'Home':
      return move(0)
    case 'End':
      return move(items.length - 1)
    case 'Escape':
      // Only the menu closes, not a dialog or page behind it that also listens for Escape.
      event.preventDefault()
      event.stopPropagation()
      return close()
    case 'Tab':
      return dismiss()
    case ' ':
      if (document.activeElement instanceof HTMLAnchorElement) {
        event.preventDefault()
        document.activeElement.click()
      }
  }
}
