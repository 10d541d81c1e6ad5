import { EXPERIENCE_YEARS_MAX, EXPERIENCE_YEARS_MIN, SPECIALTIES } from '@turno/domain';
import { TextField } from './Field';

export interface FreelancerExperienceFieldsProps {
  /** The years as typed. */
  experienceYears: string;
  onExperienceYearsChange: (value: string) => void;
  specialties: readonly string[];
  onSpecialtiesChange: (next: string[]) => void;
  /** The specialties offered: the seven of libs/domain by default (plus legacy ones a profile has). */
  offered?: readonly string[];
  experienceError?: string;
  experienceHint?: string;
}

/**
 * A freelancer's experience: "Anos de experiência" (0–50) and "Especialidades" (checkboxes on
 * 44 px cards). The same fields on the host's first-time setup (/setup) and the freelancer's Perfil.
 */
export function FreelancerExperienceFields({
  experienceYears,
  onExperienceYearsChange,
  specialties,
  onSpecialtiesChange,
  offered = SPECIALTIES,
  experienceError,
  experienceHint,
}: FreelancerExperienceFieldsProps) {
  const toggle = (name: string) =>
    onSpecialtiesChange(
      specialties.includes(name) ? specialties.filter((s) => s !== name) : [...specialties, name],
    );
  return (
    <>
      <TextField
        label="Anos de experiência"
        name="experienceYears"
        type="number"
        inputMode="numeric"
        min={EXPERIENCE_YEARS_MIN}
        max={EXPERIENCE_YEARS_MAX}
        placeholder="0"
        value={experienceYears}
        error={experienceError}
        hint={experienceHint}
        onChange={(event) => onExperienceYearsChange(event.target.value)}
        style={{ maxWidth: 200 }}
      />
      <fieldset className="t-fieldset">
        <legend>Especialidades</legend>
        <div
          className="t-form-grid"
          style={{ gridTemplateColumns: 'repeat(auto-fill,minmax(min(100%,240px),1fr))', gap: 10 }}
        >
          {offered.map((name) => (
            <label className="t-choice" key={name} style={{ padding: '10px 12px' }}>
              <input
                type="checkbox"
                name="specialties"
                value={name}
                checked={specialties.includes(name)}
                onChange={() => toggle(name)}
              />
              <span className="t-choice__title" style={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {name}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
