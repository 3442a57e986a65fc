import type { ReactNode } from 'react';
import './table.css';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
  /** Keep the cell on one line (names, dates). */
  nowrap?: boolean;
  /** The header text as a plain string, shown beside the value when a narrow layout stacks the cells. */
  label?: string;
  /** The header's aria-sort when the table is sorted by this column (see sort-header.tsx). */
  ariaSort?: 'ascending' | 'descending';
}

export interface TableProps<T> {
  columns: ReadonlyArray<Column<T>>;
  rows: ReadonlyArray<T>;
  rowKey: (row: T) => string;
  caption?: ReactNode;
  empty?: ReactNode;
  rowClassName?: (row: T) => string | undefined;
  label?: string;
}

export function Table<T>({ columns, rows, rowKey, caption, empty, rowClassName, label }: TableProps<T>) {
  return (
    <div className="table-wrap">
      <table className="table" aria-label={label}>
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.numeric ? 'num' : undefined} aria-sort={c.ariaSort}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td className="table__empty" colSpan={columns.length}>
                {empty ?? 'No results'}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className={rowClassName?.(row)}>
                {columns.map((c) => (
                  <td
                    key={c.key}
                    className={[c.numeric && 'num', c.nowrap && 'nowrap'].filter(Boolean).join(' ') || undefined}
                    // Stacked small-screen layouts label each cell with its column header.
                    data-label={c.label ?? (typeof c.header === 'string' ? c.header : undefined)}
                  >
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
