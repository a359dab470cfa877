interface Props {
  /** The columns' headings, in order. */
  columns: string[]
  /** When given, a last column over the rows' buttons, named this for screen readers only. */
  actions?: string
}

/** A table's head: one row of column headings. */
export function ColumnHeads({ columns, actions }: Props) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
        {actions !== undefined && (
          <th scope="col">
            <span className="visually-hidden">{actions}</span>
          </th>
        )}
      </tr>
    </thead>
  )
}
