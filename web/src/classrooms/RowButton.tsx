import type { ReactNode } from 'react'

interface Props {
  /** The button's visible words. */
  children: ReactNode
  /** Whose row it is: read by screen readers after the words, so each row's button has a name of its own. */
  rowName: ReactNode
  /** The button's look: `button-secondary`, or `button-danger-outline` for a destructive action. */
  look?: 'button-secondary' | 'button-danger-outline'
  onClick: () => void
}

/** A small button in a table row that acts on that row. */
export function RowButton({ children, rowName, look = 'button-secondary', onClick }: Props) {
  return (
    <button type="button" className={`button ${look} button-small`} onClick={onClick}>
      {children}
      <span className="visually-hidden"> {rowName}</span>
    </button>
  )
}
