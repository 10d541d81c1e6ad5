import { POSITION_TYPES, WORKLOADS, adminWorkloadOptionLabel, type StartTimeGuidance } from '@turno/domain';
import { SelectField, TextAreaField, TextField } from '@turno/ui';
import { type ReactNode } from 'react';
import { type JobFieldValues, type JobShift } from './job-fields';

type Change = (patch: Partial<JobFieldValues>) => void;

export interface PositionFieldProps {
  value: string;
  onChange: Change;
  /** The positions offered (`POSITION_TYPES`; an edited job adds its own where it is not among them). */
  positions?: readonly string[];
  /** "Selecione a função" first (nothing chosen yet). */
  placeholder?: boolean;
  disabled?: boolean;
}

/** "Função". */
export function PositionField({
  value,
  onChange,
  positions = POSITION_TYPES,
  placeholder,
  disabled,
}: PositionFieldProps) {
  return (
    <SelectField
      label="Função"
      value={value}
      disabled={disabled}
      onChange={(e) => onChange({ positionType: e.target.value })}
    >
      {placeholder && <option value="">Selecione a função</option>}
      {positions.map((p) => (
        <option key={p} value={p}>
          {p}
        </option>
      ))}
    </SelectField>
  );
}

export interface ShiftFieldsProps {
  values: JobFieldValues;
  shift: JobShift;
  onChange: Change;
  /** The workload select's label ("Carga horária"; the edit page says "Turno (carga horária)"). */
  workloadLabel?: string;
  /** "Selecione a carga horária" first (nothing chosen yet). */
  placeholder?: boolean;
  /** Under the meal select. */
  mealHint?: ReactNode;
  /** With today among the dates: the earliest start still accepted, or why the chosen one is not. */
  startGuidance?: StartTimeGuidance;
  disabled?: boolean;
}

/**
 * Workload (all eight), start (with the end it gives), meal (once workload and start are chosen;
 * a new workload or start clears it) and attire: the fields of a shift, in a `t-form-grid`.
 */
export function ShiftFields({
  values,
  shift,
  onChange,
  workloadLabel: label = 'Carga horária',
  placeholder,
  mealHint,
  startGuidance,
  disabled,
}: ShiftFieldsProps) {
  return (
    <>
      <SelectField
        label={label}
        value={values.workload}
        disabled={disabled}
        onChange={(e) => onChange({ workload: e.target.value, mealTime: '' })}
      >
        {placeholder && <option value="">Selecione a carga horária</option>}
        {WORKLOADS.map((w) => (
          <option key={w} value={String(w)}>
            {adminWorkloadOptionLabel(w)}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Início"
        type="time"
        value={values.startTime}
        disabled={disabled}
        onChange={(e) => onChange({ startTime: e.target.value, mealTime: '' })}
        min={startGuidance?.min}
        hint={
          [shift.endTime ? `Término: ${shift.endTime}` : '', startGuidance?.hint ?? '']
            .filter(Boolean)
            .join(' · ') || undefined
        }
        error={startGuidance?.error}
      />
      <SelectField
        label="Refeição"
        optional
        disabled={disabled || !shift.timed}
        value={values.mealTime}
        onChange={(e) => onChange({ mealTime: e.target.value })}
        hint={mealHint}
      >
        <option value="">Sem horário definido</option>
        {shift.mealChoices.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Traje recomendado"
        optional
        maxLength={255}
        disabled={disabled}
        value={values.recommendedAttire}
        onChange={(e) => onChange({ recommendedAttire: e.target.value })}
      />
    </>
  );
}

/** "Descrição", below the grid. */
export function DescriptionField({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: Change;
  disabled?: boolean;
}) {
  return (
    <TextAreaField
      label="Descrição"
      optional
      rows={3}
      maxLength={2000}
      disabled={disabled}
      value={value}
      onChange={(e) => onChange({ description: e.target.value })}
    />
  );
}

export interface JobFieldsProps extends Omit<ShiftFieldsProps, 'placeholder' | 'mealHint'> {
  values: JobFieldValues & { dateNeeded: string };
  onChange: (patch: Partial<JobFieldValues & { dateNeeded: string }>) => void;
  positions?: readonly string[];
}

/**
 * The fields of one job being edited (the edit page and the command centre's edit dialog):
 * "Função", "Data" and the shift's, in a `t-form-grid`. Criar Vagas, which picks several dates
 * and a quantity between the position and the shift, uses `PositionField` and `ShiftFields`.
 */
export function JobFields({ values, onChange, positions, disabled, ...shift }: JobFieldsProps) {
  return (
    <>
      <PositionField
        value={values.positionType}
        onChange={onChange}
        positions={positions}
        disabled={disabled}
      />
      <TextField
        label="Data"
        type="date"
        value={values.dateNeeded}
        disabled={disabled}
        onChange={(e) => onChange({ dateNeeded: e.target.value })}
      />
      <ShiftFields values={values} onChange={onChange} disabled={disabled} {...shift} />
    </>
  );
}
