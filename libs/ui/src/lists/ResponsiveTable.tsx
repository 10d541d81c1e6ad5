import { Fragment, useSyncExternalStore, type CSSProperties } from 'react';
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
const fieldsStyle: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: '6px 12px',
  margin: '10px 0 0',
  fontSize: 14,
};

/**
 * A Table on a wide screen; on a narrow one, one card per row: the first column as the card's
 * title, the others as label–value lines, so nothing scrolls sideways.
 */
export function ResponsiveTable<Row>(props: TableProps<Row>) {
  const narrow = useNarrowScreen();
  if (!narrow) return <Table {...props} />;

  const { columns, rows, rowKey, emptyMessage = TABLE_EMPTY_MESSAGE, caption } = props;
  if (rows.length === 0) return <p className="t-card t-coming-soon">{emptyMessage}</p>;
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
