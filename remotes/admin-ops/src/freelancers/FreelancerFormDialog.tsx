import { type AdminFreelancer } from '@turno/contracts';
import { EXPERIENCE_YEARS_MAX, EXPERIENCE_YEARS_MIN, SPECIALTIES, formatCpf } from '@turno/domain';
import { Alert, Button, Dialog, PhoneField, TextField } from '@turno/ui';
import { useState, type FormEvent } from 'react';
import {
  EMPTY_FREELANCER_FORM,
  freelancerForm,
  freelancerFormError,
  type FreelancerForm,
} from './freelancers';

export interface FreelancerFormDialogProps {
  /** The freelancer edited, or null to create one. */
  freelancer: AdminFreelancer | null;
  busy: boolean;
  /** The server's refusal of the last save. */
  error: string | null;
  onSave: (form: FreelancerForm) => void;
  onCancel: () => void;
}

/** "Novo Freelancer" / "Editar Freelancer": name, CPF and PIX key required, experience 0–50. */
export function FreelancerFormDialog({
  freelancer,
  busy,
  error,
  onSave,
  onCancel,
}: FreelancerFormDialogProps) {
  const [form, setForm] = useState(() => (freelancer ? freelancerForm(freelancer) : EMPTY_FREELANCER_FORM));
  const [checkError, setCheckError] = useState<string | null>(null);
  const set = (patch: Partial<FreelancerForm>) => setForm({ ...form, ...patch });
  // Legacy specialties already stored stay selectable (and shown); new ones are the seven.
  const choices = [...new Set([...SPECIALTIES, ...(freelancer?.specialties ?? [])])];
  const toggle = (name: string) =>
    set({
      specialties: form.specialties.includes(name)
        ? form.specialties.filter((item) => item !== name)
        : [...form.specialties, name],
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const broken = freelancerFormError(form);
    setCheckError(broken);
    if (!broken) onSave(form);
  };
  const formId = `freelancer-form-${freelancer?.id ?? 'new'}`;
  const shown = checkError ?? error;
  return (
    <Dialog
      title={freelancer ? 'Editar Freelancer' : 'Novo Freelancer'}
      busy={busy}
      onClose={onCancel}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            {freelancer ? 'Salvar' : 'Criar Freelancer'}
          </Button>
        </>
      }
    >
      {shown && <Alert tone="danger">{shown}</Alert>}
      <form id={formId} onSubmit={submit} className="t-form-grid" noValidate>
        <TextField
          label="Nome"
          required
          maxLength={255}
          value={form.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <TextField
          label="CPF"
          required
          inputMode="numeric"
          maxLength={14}
          value={formatCpf(form.cpf)}
          onChange={(e) => set({ cpf: e.target.value })}
        />
        <TextField
          label="Chave PIX"
          required
          maxLength={255}
          hint="CPF, e-mail, telefone ou chave aleatória"
          value={form.pix_key}
          onChange={(e) => set({ pix_key: e.target.value })}
        />
        <PhoneField label="Telefone" optional value={form.phone} onChange={(phone) => set({ phone })} />
        <TextField
          label="Endereço"
          optional
          maxLength={255}
          value={form.address}
          onChange={(e) => set({ address: e.target.value })}
        />
        <TextField
          label="Anos de experiência"
          type="number"
          min={EXPERIENCE_YEARS_MIN}
          max={EXPERIENCE_YEARS_MAX}
          step={1}
          value={form.experience_years}
          onChange={(e) => set({ experience_years: e.target.value })}
        />
      </form>
      <fieldset className="t-fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className="t-label">Especialidades</legend>
        <div className="t-row" style={{ gap: '6px 16px' }}>
          {choices.map((name) => (
            <label key={name} className="t-row" style={{ gap: 6, fontSize: 14 }}>
              <input
                type="checkbox"
                checked={form.specialties.includes(name)}
                onChange={() => toggle(name)}
              />
              {name}
            </label>
          ))}
        </div>
      </fieldset>
    </Dialog>
  );
}
