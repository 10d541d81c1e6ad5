import { type JobListStatusFilter, type JobStatusCounts } from '@turno/contracts';
import { SelectField } from '@turno/ui';
import { STATUS_FILTER_OPTIONS, statusOptionLabel } from './admin-jobs';

export interface JobStatusFilterFieldProps {
  value: JobListStatusFilter;
  onChange: (status: JobListStatusFilter) => void;
  /** The counts by status of the list shown, beside each option ("Abertas (12)"). */
  counts?: JobStatusCounts;
}

/** The status filter of a job list: the command centre's and Controle Mercado's agenda. */
export function JobStatusFilterField({ value, onChange, counts }: JobStatusFilterFieldProps) {
  return (
    <SelectField
      label="Status"
      value={value}
      onChange={(e) => onChange(e.target.value as JobListStatusFilter)}
    >
      {STATUS_FILTER_OPTIONS.map((o) => (
        <option key={o.value} value={o.value}>
          {statusOptionLabel(o, counts)}
        </option>
      ))}
    </SelectField>
  );
}
