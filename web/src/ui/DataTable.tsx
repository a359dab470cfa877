import type { ReactNode } from 'react'
import { ColumnHeads } from './ColumnHeads'

interface Props {
  /** A class added to the table's own, for the screen's styles. */
  className?: string
  /** What the table lists. */
  caption?: ReactNode
  /** The caption is read by screen readers only (a heading above already says it). */
  hiddenCaption?: boolean
  /** The columns' headings, in order. */
  columns: string[]
  /** When given, a last column over the rows' buttons, named this for screen readers only. */
  actions?: string
  /** The table's rows. */
  children: ReactNode
}

/** A table of rows under column headings, which scrolls sideways in its own box when it is wider than the screen. */
export function DataTable({ className, caption, hiddenCaption = false, columns, actions, children }: Props) {
  return (
    <div className="table-wrapper">
      <table className={className ? `table ${className}` : 'table'}>
        {caption !== undefined && <caption className={hiddenCaption ? 'visually-hidden' : undefined}>{caption}</caption>}
        <ColumnHeads columns={columns} actions={actions} />
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}
