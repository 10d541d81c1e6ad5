import { type ReactNode } from 'react';

/** One line of a card's details: a muted label and its value. Lines with an empty value are left out. */
export interface DetailLine {
  label: string;
  value: ReactNode;
}

/**
 * The label/value list of a card. `minmax(0, 1fr)` and `overflow-wrap: anywhere` keep a long word
 * ("Empacotador/Embalador", a long address) inside the card at every width.
 */
export function Details({ lines }: { lines: readonly DetailLine[] }) {
  const shown = lines.filter((line) => line.value !== null && line.value !== undefined && line.value !== '');
  return (
    <dl
      style={{
        margin: 0,
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        gap: '4px 12px',
        overflowWrap: 'anywhere',
      }}
    >
      {shown.map((line) => (
        <div key={line.label} style={{ display: 'contents' }}>
          <dt className="t-muted">{line.label}</dt>
          <dd style={{ margin: 0 }}>{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A card title that wraps anywhere rather than pushing the card wider. */
export function WrappingTitle({ children }: { children: ReactNode }) {
  return <span style={{ overflowWrap: 'anywhere' }}>{children}</span>;
}

/** Cards side by side: one column on a phone, as many ~320 px columns as fit on a desktop. */
export const CARD_GRID_STYLE = {
  display: 'grid',
  gap: 16,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))',
  alignItems: 'start',
} as const;
