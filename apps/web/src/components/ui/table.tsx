import type { ReactNode } from 'react';
import styles from './table.module.css';

export interface Column<Row> {
  key: string;
  header: string;
  /** Numbers align right with tabular figures. */
  align?: 'start' | 'end';
  render: (row: Row) => ReactNode;
}

export interface TableProps<Row> {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  empty?: ReactNode;
  isCaptionHidden?: boolean;
}

/** Semantic table: sticky header, hairline rows, no zebra. */
export function Table<Row>({ caption, columns, rows, rowKey, empty = 'Nothing here yet.', isCaptionHidden }: TableProps<Row>) {
  return (
    <div className={styles.wrap}>
      <table className={styles.table}>
        <caption className={isCaptionHidden ? 'visually-hidden' : styles.caption}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={[styles.th, column.align === 'end' && styles.end].filter(Boolean).join(' ')}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td className={styles.empty} colSpan={columns.length}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.key} className={[styles.td, column.align === 'end' && styles.end].filter(Boolean).join(' ')}>
                    {column.render(row)}
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
