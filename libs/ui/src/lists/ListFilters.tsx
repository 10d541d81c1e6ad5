import { Children, isValidElement, useRef, type CSSProperties, type ReactNode } from 'react';
import { Button } from '../components/Button';
import { SearchField } from './SearchField';

const barStyle: CSSProperties = { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: 12 };
/** Each control takes a share of the row and wraps to its own line on a narrow screen. */
const controlStyle: CSSProperties = { flex: '1 1 12rem', minWidth: 0 };
/** The search box takes a double share: its placeholder says what it searches. */
const searchStyle: CSSProperties = { flex: '2 1 16rem', minWidth: 0 };

export interface ListFiltersProps {
  /** Accessible name of the group, e.g. "Filtros da agenda". */
  label: string;
  /** The controls: SearchField, SelectField, TextField (date)… */
  children: ReactNode;
  /** Given while a filter is not at its default: shows "Limpar filtros". */
  onClear?: () => void;
}

/** The filter bar of a list: its controls side by side, stacked on a narrow screen. */
export function ListFilters({ label, children, onClear }: ListFiltersProps) {
  const group = useRef<HTMLDivElement>(null);
  const clear = () => {
    onClear?.();
    // The button goes away with the filters it cleared: focus stays in the bar, on its first control.
    group.current?.querySelector<HTMLElement>('input, select')?.focus();
  };
  return (
    <div role="group" aria-label={label} style={barStyle} ref={group}>
      {/* toArray leaves out what a condition did not render (false, null), keying the rest by their place. */}
      {Children.toArray(children).map((control, index) => (
        <div
          key={isValidElement(control) && control.key !== null ? control.key : index}
          style={isValidElement(control) && control.type === SearchField ? searchStyle : controlStyle}
        >
          {control}
        </div>
      ))}
      {onClear && (
        <Button variant="ghost" onClick={clear}>
          Limpar filtros
        </Button>
      )}
    </div>
  );
}
