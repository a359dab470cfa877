import { type ReactNode, useEffect, useLayoutEffect, useState } from 'react'
import { useMenuButton } from '../ui/useMenuButton'
import { Link } from 'react-router-dom'

/** One entry of a row's menu: a link (`to`, or `href` for a download) or an action. */
export type RowMenuItem = {
  key: string
  label: ReactNode
  /** Shown apart and in red: an action that cannot be undone. */
  destructive?: boolean
  /** Starts a group of its own (a line above it). */
  separated?: boolean
} & ({ to: string } | { href: string; download: true } | { onSelect: () => void })

interface Props {
  /** The button's visible words and, visually hidden, whose row it is. */
  label: ReactNode
  items: RowMenuItem[]
  menuLabel: string
}

/**
 * The actions of one table row behind one button (WAI-ARIA menu button): Enter, Space or Down
 * opens it on its first item, Up on its last; arrows, Home and End move; Escape closes it and
 * gives focus back to the button, as choosing an item does (so a dialog the item opens returns
 * focus there too). The menu is fixed to the viewport under the button, so the table's scrolling
 * box does not clip it.
 */
export function RowMenu({ label, items, menuLabel }: Props) {
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null)
  // Focus moves in once the menu is placed (it is invisible until then, and cannot take focus).
  const { open, setOpen, close, buttonRef, menuRef, buttonProps, menuProps } = useMenuButton({ ready: position !== null, onOpen: () => setPosition(null) })

  useLayoutEffect(() => {
    if (!open || !buttonRef.current || !menuRef.current) return
    const button = buttonRef.current.getBoundingClientRect()
    const menu = menuRef.current.getBoundingClientRect()
    // Below the button, right edges aligned; above it when the viewport has no room below.
    const below = button.bottom + 4
    const top = below + menu.height > window.innerHeight && button.top - menu.height - 4 > 0 ? button.top - menu.height - 4 : below
    setPosition({ top, left: Math.max(4, button.right - menu.width) })
  }, [open, buttonRef, menuRef])

  // The menu stays under its button only while nothing scrolls.
  useEffect(() => {
    if (!open) return
    const onScroll = () => setOpen(false)
    window.addEventListener('scroll', onScroll, true)
    window.addEventListener('resize', onScroll)
    return () => {
      window.removeEventListener('scroll', onScroll, true)
      window.removeEventListener('resize', onScroll)
    }
  }, [open, setOpen])

  const className = (item: RowMenuItem) => (item.destructive ? 'menu-destructive' : undefined)

  return (
    <>
      <button {...buttonProps} className="button button-secondary button-small row-menu-button">
        {label}
        <span aria-hidden="true">▾</span>
      </button>
      <ul
        {...menuProps}
        aria-label={menuLabel}
        className="menu row-menu"
        style={position ? { top: position.top, left: position.left } : { visibility: 'hidden' }}
      >
        {items.map((item) => (
          <li key={item.key} role="none" className={item.separated ? 'menu-separator' : undefined}>
            {'to' in item ? (
              <Link role="menuitem" tabIndex={-1} to={item.to} className={className(item)} onClick={() => setOpen(false)}>
                {item.label}
              </Link>
            ) : 'href' in item ? (
              <a role="menuitem" tabIndex={-1} href={item.href} download className={className(item)} onClick={() => close()}>
                {item.label}
              </a>
            ) : (
              <button
                role="menuitem"
                tabIndex={-1}
                type="button"
                className={className(item)}
                onClick={() => {
                  close()
                  item.onSelect()
                }}
              >
                {item.label}
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  )
}
