import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { onMenuButtonKeyDown, onMenuKeyDown } from './menuKeys'

type Focus = 'first' | 'last'

const itemsOf = (menu: HTMLUListElement | null) => Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])

interface Options {
  /** False while the open menu cannot take focus yet (it is still being placed): focus moves in once it is true. */
  ready?: boolean
  /** Runs each time the menu opens, before it shows. */
  onOpen?: () => void
}

/**
 * A menu button and its menu (WAI-ARIA menu button pattern), for every menu of the app: the button
 * opens the menu on its first or last item, the keys of `menuKeys` work in both, and a pointer
 * down outside the button and the menu closes it. Spread `buttonProps` on the button and
 * `menuProps` on the list.
 */
export function useMenuButton({ ready = true, onOpen }: Options = {}) {
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLUListElement>(null)
  const focusOnOpen = useRef<Focus>('first')

  useEffect(() => {
    if (!open || !ready) return
    const items = itemsOf(menuRef.current)
    ;(focusOnOpen.current === 'last' ? items[items.length - 1] : items[0])?.focus()
  }, [open, ready])

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: MouseEvent) => {
      const target = event.target as Node
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false)
    }
    document.addEventListener('mousedown', onPointerDown)
    return () => document.removeEventListener('mousedown', onPointerDown)
  }, [open])

  function openMenu(focus: Focus) {
    focusOnOpen.current = focus
    onOpen?.()
    setOpen(true)
  }

  /** Closes the menu; focus goes back to the button unless what was chosen takes it elsewhere. */
  function close(returnFocus = true) {
    setOpen(false)
    if (returnFocus) buttonRef.current?.focus()
  }

  const buttonProps = {
    ref: buttonRef,
    type: 'button' as const,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    'aria-controls': menuId,
    onClick: () => (open ? close() : openMenu('first')),
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => onMenuButtonKeyDown(event, openMenu),
  }
  const menuProps = {
    ref: menuRef,
    id: menuId,
    role: 'menu' as const,
    hidden: !open,
    onKeyDown: (event: KeyboardEvent<HTMLUListElement>) =>
      onMenuKeyDown(event, itemsOf(menuRef.current), { close: () => close(), dismiss: () => setOpen(false) }),
  }
  return { open, setOpen, close, buttonRef, menuRef, buttonProps, menuProps }
}
