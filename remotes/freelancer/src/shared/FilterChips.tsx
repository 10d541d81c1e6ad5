import { Button } from '@turno/ui';

export interface FilterChip<V extends string> {
  value: V;
  label: string;
  count?: number;
}

/** A status filter as a row of toggle buttons with counts: one tap on a phone, no dropdown. */
export function FilterChips<V extends string>({
  label,
  chips,
  value,
  onChange,
}: {
  label: string;
  chips: readonly FilterChip<V>[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <div className="t-row" role="group" aria-label={label}>
      {chips.map((chip) => (
        <Button
          key={chip.value}
          size="sm"
          variant={chip.value === value ? 'primary' : 'secondary'}
          aria-pressed={chip.value === value}
          onClick={() => onChange(chip.value)}
        >
          {chip.label}
          {chip.count !== undefined && ` (${chip.count})`}
        </Button>
      ))}
    </div>
  );
}
