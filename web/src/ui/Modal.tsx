import { useTranslation } from '../i18n/useTranslation'
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { createPortal } from 'react-dom'

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])'

interface Props {
  title: string
  onClose: () => void
  children: ReactNode
  /** Visually hide the heading (it still names the dialog). */
  hideTitle?: boolean
  size?: 'small' | 'medium' | 'full'
  /** Where focus goes on open. 'close' suits embedded frames, which would swallow Escape. */
  initialFocus?: 'content' | 'close'
}

function focusables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE))
}

/**
 * A modal dialog: named by its title, focus moved in and kept inside, Escape and a click
 * outside close it, and focus returns to what opened it. Render it only while open.
 */
export function Modal({ title, onClose, children, hideTitle = false, size = 'medium', initialFocus = 'content' }: Props) {
  const { t } = useTranslation()
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose
  const initialFocusRef = useRef(initialFocus)

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    const dialog = dialogRef.current
    if (dialog && initialFocusRef.current === 'close') closeRef.current?.focus()
    else if (dialog) {
      const body = dialog.querySelector<HTMLElement>('.modal-body')
      ;((body && focusables(body)[0]) ?? focusables(dialog)[0] ?? dialog).focus()
    }
    const app = document.getElementById('root')
    app?.setAttribute('inert', '')
    return () => {
      app?.removeAttribute('inert')
      opener?.focus?.()
    }
  }, [])

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation()
      onCloseRef.current()
      return
    }
    if (event.key !== 'Tab' || !dialogRef.current) return
    const items = focusables(dialogRef.current)
    if (items.length === 0) {
      event.preventDefault()
      return
    }
    const first = items[0]
    const last = items[items.length - 1]
    const active = document.activeElement
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && active === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return createPortal(
    <div
      className="modal-backdrop"
      data-testid="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current()
      }}
    >
      <div ref={dialogRef} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={`modal modal-${size}`} onKeyDown={onKeyDown}>
        <div className="modal-header">
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'modal-title'}>
            {title}
          </h2>
          <button ref={closeRef} type="button" className="modal-close" aria-label={t('common.close')} onClick={() => onCloseRef.current()}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="modal-body">{children}</div>
      </div>
    </div>,
    document.body,
  )
}
