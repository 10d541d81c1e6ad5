import { Fragment, useId, useSyncExternalStore, type CSSProperties } from 'react';
import { Table, TABLE_EMPTY_MESSAGE, type TableProps } from '../components/Table';

/** A screen on which a table (at least 640 px wide) would have to scroll sideways. */
export const NARROW_SCREEN_QUERY = '(max-width: 720px)';

function narrowScreenQuery(): MediaQueryList | undefined {
  return typeof globalThis.matchMedia === 'function' ? globalThis.matchMedia(NARROW_SCREEN_QUERY) : undefined;
}

function subscribe(onChange: () => void): () => void {
  const query = narrowScreenQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** True on a narrow screen (phones); false where media queries cannot be asked (server, tests). */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => narrowScreenQuery()?.matches ?? false,
    () => false,
  );
}

const listStyle: CSSProperties = { listStyle: 'none', margin: 0, padding: 0, gap: 12 };
const cardStyle: CSSProperties = { padding: '14px 16px' };
const groupStyle: CSSProperties = { gap: 8 };
const fieldsStyle: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: '6px 12px',
  margin: '10px 0 0',
  fontSize: 14,
};

/**
 * A Table on a wide screen; on a narrow one, one card per row: the first column as the card's
 * title, the others as label–value lines, so nothing scrolls sideways. Grouped rows (`groups`) are
 * one list of cards per group, under the group's name and above its total.
 */
export function ResponsiveTable<Row>(props: TableProps<Row>) {
  const narrow = useNarrowScreen();
  const id = useId();
  if (!narrow) return <Table {...props} />;

  const { columns, rows, groups, rowKey, emptyMessage = TABLE_EMPTY_MESSAGE, caption } = props;
  if (groups?.length) {
    return (
      <div className="t-stack" role="group" aria-label={caption}>
        {groups.map((group, index) => (
          <div
            key={group.key}
            className="t-stack"
            style={groupStyle}
            role="group"
            aria-labelledby={`${id}-${index}`}
          >
            <p className="t-group-title" id={`${id}-${index}`}>
              {group.heading}
            </p>
            <Cards columns={columns} rows={group.rows} rowKey={rowKey} />
            {group.total && (
              <p className="t-group-total">
                <span>{group.total.label}</span>
                <span>{group.total.value}</span>
              </p>
            )}
          </div>
        ))}
      </div>
    );
  }
  if (rows.length === 0) return <p className="t-card t-coming-soon">{emptyMessage}</p>;
  return <Cards columns={columns} rows={rows} rowKey={rowKey} caption={caption} />;
}

/** One card per row, in a list (named `caption` when given). */
function Cards<Row>({
  columns,
  rows,
  rowKey,
  caption,
}: Pick<TableProps<Row>, 'columns' | 'rows' | 'rowKey' | 'caption'>) {
  const [title, ...fields] = columns;
  return (
    <ul className="t-stack" style={listStyle} aria-label={caption}>
      {rows.map((row) => (
        <li key={rowKey(row)} className="t-card" style={cardStyle}>
          {title && <div style={{ overflowWrap: 'anywhere' }}>{title.render(row)}</div>}
          <dl style={fieldsStyle}>
            {fields.map((column) => (
              <Fragment key={column.key}>
                <dt className="t-muted">{column.header}</dt>
                <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{column.render(row)}</dd>
              </Fragment>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
