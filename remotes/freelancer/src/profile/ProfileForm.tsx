import {
  FreelancerProfileUpdateResponseSchema,
  type FreelancerMe,
  type FreelancerProfileUpdate,
} from '@turno/contracts';
import {
  EXPERIENCE_YEARS_MAX,
  EXPERIENCE_YEARS_MIN,
  formatCpf,
  isAmbiguousPixKey,
  isCpfLockedForFreelancer,
  isValidCpf,
  isValidPixKey,
  MESSAGES,
  pixKeyAs,
  SPECIALTIES,
  VETTING_MESSAGES,
} from '@turno/domain';
import {
  Alert,
  Button,
  CepField,
  FreelancerExperienceFields,
  PhoneField,
  TextField,
  useBffMutation,
} from '@turno/ui';
import { useState } from 'react';
import { BFF } from '../shared/bff';

interface FormState {
  name: string;
  phone: string;
  cep: string;
  address: string;
  cpf: string;
  pixKey: string;
  /** For a bare 11-digit key (CPF or cell phone?): what the person said it is. */
  pixKeyKind: '' | 'cpf' | 'phone';
  experienceYears: string;
  specialties: string[];
}

const formOf = (me: FreelancerMe): FormState => ({
  name: me.name,
  phone: me.phone ?? '',
  cep: '',
  address: me.address ?? '',
  cpf: me.cpf ? formatCpf(me.cpf) : '',
  pixKey: me.pix_key ?? '',
  // A stored bare 11-digit key was stored as a CPF (a phone key is stored with +55).
  pixKeyKind: isAmbiguousPixKey(me.pix_key) ? 'cpf' : '',
  experienceYears: String(me.experience_years),
  specialties: [...me.specialties],
});

/** The PIX key as it is sent: a bare 11-digit key as the kind the person chose. */
function pixKeyToSend(form: FormState): string {
  const key = form.pixKey.trim();
  return isAmbiguousPixKey(key) && form.pixKeyKind ? pixKeyAs(key, form.pixKeyKind) : key;
}

function pixKeyProblem(form: FormState): string | undefined {
  if (isAmbiguousPixKey(form.pixKey) && !form.pixKeyKind) return MESSAGES.validation.pixKeyKindRequired;
  return isValidPixKey(pixKeyToSend(form)) ? undefined : MESSAGES.validation.invalidPixKey;
}

/** The form's problems before sending (the server checks the same rules). */
function problemsOf(form: FormState): { form?: string; cpf?: string; pixKey?: string; experience?: string } {
  if (!form.name.trim() || !form.cpf.trim() || !form.pixKey.trim())
    return { form: MESSAGES.freelancers.requiredFields };
  const years = Number(form.experienceYears || '0');
  return {
    cpf: isValidCpf(form.cpf) ? undefined : MESSAGES.validation.invalidCpf,
    pixKey: pixKeyProblem(form),
    experience:
      Number.isInteger(years) && years >= EXPERIENCE_YEARS_MIN && years <= EXPERIENCE_YEARS_MAX
        ? undefined
        : MESSAGES.validation.experienceYearsOutOfRange,
  };
}

export interface ProfileFormProps {
  me: FreelancerMe;
  onSaved: (profile: FreelancerMe, message: string) => void;
  fetchImpl?: typeof fetch;
}

/**
 * The profile edit (spec 01 "Perfil"): name, phone (phone widget), address (CEP widget), CPF
 * (masked, checked digits), PIX key (CPF, e-mail, phone or random key), years of experience 0–50,
 * the seven specialties. Name, CPF and PIX key required. Sent once to PUT /api/freelancers/profile
 * (the card's Editar/Cancelar toggle closes it).
 */
export function ProfileForm({ me, onSaved, fetchImpl }: ProfileFormProps) {
  const [form, setForm] = useState<FormState>(() => formOf(me));
  const [submitted, setSubmitted] = useState(false);
  const mutation = useBffMutation({ fallback: MESSAGES.freelancers.profileUpdateFailed, fetchImpl });
  const { pending: busy, error: serverError } = mutation;
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const problems = problemsOf(form);
  // Issue 27: the CPF the admins checked (in review or approved) is theirs to change.
  const cpfLocked = isCpfLockedForFreelancer({
    cpf: me.cpf,
    vettingStatus: me.vetting_status,
    isApproved: me.is_approved,
  });
  const shown = submitted ? problems : {};
  // Legacy specialties already stored stay checkable; the seven are offered.
  const offered = [
    ...SPECIALTIES,
    ...me.specialties.filter((s) => !(SPECIALTIES as readonly string[]).includes(s)),
  ];

  async function submit() {
    setSubmitted(true);
    if (Object.values(problems).some(Boolean)) return;
    const body: FreelancerProfileUpdate = {
      name: form.name.trim(),
      phone: form.phone || null,
      address: form.address.trim() || null,
      cpf: form.cpf,
      pix_key: pixKeyToSend(form),
      experience_years: Number(form.experienceYears || '0'),
      specialties: form.specialties,
    };
    const result = await mutation.send(`${BFF}/freelancers/profile`, {
      method: 'PUT',
      body,
      schema: FreelancerProfileUpdateResponseSchema,
    });
    if (result.ok) onSaved(result.data.profile, result.data.message);
  }

  return (
    <form
      className="t-stack"
      style={{ maxWidth: 720 }}
      aria-label="Editar perfil"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        label="Nome completo"
        required
        maxLength={255}
        value={form.name}
        error={shown.form && !form.name.trim() ? 'Informe seu nome.' : undefined}
        onChange={(e) => set('name', e.target.value)}
      />
      <PhoneField label="Telefone" optional value={form.phone} onChange={(digits) => set('phone', digits)} />
      <CepField
        label="CEP ou rua"
        optional
        value={form.cep}
        onChange={(value) => set('cep', value)}
        onAddress={(found) =>
          set(
            'address',
            [found.logradouro, found.bairro, [found.localidade, found.uf].filter(Boolean).join(' - ')]
              .filter(Boolean)
              .join(', ') || found.formattedAddress,
          )
        }
        fetchImpl={fetchImpl}
      />
      <TextField
        label="Endereço"
        optional
        maxLength={255}
        value={form.address}
        hint="Rua, número, bairro e cidade."
        onChange={(e) => set('address', e.target.value)}
      />
      <TextField
        label="CPF"
        required
        inputMode="numeric"
        maxLength={14}
        placeholder="000.000.000-00"
        value={form.cpf}
        readOnly={cpfLocked}
        hint={cpfLocked ? VETTING_MESSAGES.cpfLockedHint : undefined}
        error={shown.form && !form.cpf.trim() ? 'Informe seu CPF.' : shown.cpf}
        onChange={(e) => set('cpf', formatCpf(e.target.value))}
      />
      <TextField
        label="Chave PIX"
        required
        maxLength={255}
        value={form.pixKey}
        hint="CPF, e-mail, telefone ou chave aleatória."
        error={shown.form && !form.pixKey.trim() ? 'Informe sua chave PIX.' : shown.pixKey}
        onChange={(e) => setForm((f) => ({ ...f, pixKey: e.target.value, pixKeyKind: '' }))}
      />
      {isAmbiguousPixKey(form.pixKey) && (
        <fieldset className="t-stack" style={{ border: 0, padding: 0, margin: 0, minWidth: 0, gap: 8 }}>
          <legend className="t-label">{MESSAGES.validation.pixKeyKindQuestion}</legend>
          <div className="t-row" style={{ gap: 8 }}>
            {(['cpf', 'phone'] as const).map((kind) => (
              <label className="t-choice" key={kind}>
                <input
                  type="radio"
                  name="pixKeyKind"
                  value={kind}
                  checked={form.pixKeyKind === kind}
                  onChange={() => set('pixKeyKind', kind)}
                />
                <span className="t-choice__title">
                  {kind === 'cpf' ? MESSAGES.validation.pixKeyKindCpf : MESSAGES.validation.pixKeyKindPhone}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <FreelancerExperienceFields
        experienceYears={form.experienceYears}
        onExperienceYearsChange={(value) => set('experienceYears', value)}
        experienceError={shown.experience}
        specialties={form.specialties}
        onSpecialtiesChange={(next) => set('specialties', next)}
        offered={offered}
      />
      {(shown.form || serverError) && (
        <Alert tone="danger" data-testid="profile-form-error">
          {serverError ?? shown.form}
        </Alert>
      )}
      <Button type="submit" busy={busy} style={{ width: '100%' }}>
        {busy ? 'Salvando...' : 'Salvar perfil'}
      </Button>
    </form>
  );
}
