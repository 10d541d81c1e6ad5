import { type Key, type ReactNode } from 'react';

export interface TableColumn<Row> {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  align?: 'left' | 'center' | 'right';
}

/**
 * Rows shown in groups (issue 28: an invoice's lines by store): each group a row group of its own,
 * opened by a row naming it and closed by its total row.
 */
export interface TableRowGroup<Row> {
  key: Key;
  /** The group's name, in the row that heads it. */
  heading: string;
  rows: readonly Row[];
  /** The group's closing row: `label` across the columns but the last, `value` under the last. */
  total?: { label: string; value: ReactNode };
}

export interface TableProps<Row> {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  /** When given (and not empty), the rows are shown in these groups instead of `rows`. */
  groups?: readonly TableRowGroup<Row>[];
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
  groups,
  rowKey,
  emptyMessage = TABLE_EMPTY_MESSAGE,
  caption,
  hideCaption,
}: TableProps<Row>) {
  const bodyRow = (row: Row) => (
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
  );
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
        {groups?.length ? (
          groups.map((group) => (
            <tbody key={group.key}>
              <tr className="t-table__group">
                <th scope="rowgroup" colSpan={columns.length}>
                  {group.heading}
                </th>
              </tr>
              {group.rows.map(bodyRow)}
              {group.total && (
                <tr className="t-table__total">
                  <th scope="row" colSpan={columns.length - 1}>
                    {group.total.label}
                  </th>
                  <td className="t-num">{group.total.value}</td>
                </tr>
              )}
            </tbody>
          ))
        ) : (
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td className="t-table__empty" colSpan={columns.length}>
                  {emptyMessage}
                </td>
              </tr>
            ) : (
              rows.map(bodyRow)
            )}
          </tbody>
        )}
      </table>
    </div>
  );
}
