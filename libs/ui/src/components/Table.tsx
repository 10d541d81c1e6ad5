import { type Key, type ReactNode } from 'react';

export interface TableColumn<Row> {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  align?: 'left' | 'center' | 'right';
}

export interface TableProps<Row> {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Shown in a single row when `rows` is empty. */
  emptyMessage?: ReactNode;
  /** Accessible name of the table; shown above it unless `hideCaption`. */
  caption?: string;
  hideCaption?: boolean;
}

export const TABLE_EMPTY_MESSAGE = 'Nenhum registro encontrado.';

export function Table<Row>({
  columns,
  rows,
  rowKey,
  emptyMessage = TABLE_EMPTY_MESSAGE,
  caption,
  hideCaption,
}: TableProps<Row>) {
  return (
    <div className="t-table-wrap">
      <table className="t-table">
        {caption && <caption className={hideCaption ? 't-visually-hidden' : undefined}>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((col) => (
              <th key={col.key} scope="col" style={{ textAlign: col.align }}>
                {col.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td className="t-table__empty" colSpan={columns.length}>
                {emptyMessage}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((col) => (
                  <td
                    key={col.key}
                    className={col.align === 'right' ? 't-num' : undefined}
                    style={{ textAlign: col.align }}
                  >
                    {col.render(row)}
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
