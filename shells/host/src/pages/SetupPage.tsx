import { type AddressLookupResult } from '@turno/contracts';
import { ESTABLISHMENT_TYPES, MESSAGES } from '@turno/domain';
import {
  Alert,
  Button,
  CepField,
  CnpjField,
  FreelancerExperienceFields,
  PhoneField,
  SelectField,
  TextField,
} from '@turno/ui';
import { useEffect, useRef, useState, type CSSProperties, type FormEvent, type RefObject } from 'react';
import { Navigate, useNavigate } from '../router';
import { PageLoading, SiteLayout } from '../layout/SiteLayout';
import { ApiError, createSessionApi, type SessionApi } from '../session/api';
import { rememberSignInIntent, signInIntent } from '../session/sign-in';
import { useSession } from '../session/useSession';
import {
  EMPTY_SETUP_FORM,
  legalIdentityErrors,
  setupRequest,
  streetAddress,
  stepOneErrors,
  stepTwoErrors,
  type SetupErrors,
  type SetupForm,
} from './setup-form';
import { TermsCheckbox } from './TermsAcceptance';

const cardStyle: CSSProperties = { maxWidth: 720, margin: '8px auto 0' };
const stepsStyle: CSSProperties = {
  display: 'flex',
  gap: 8,
  margin: '0 0 20px',
  padding: 0,
  listStyle: 'none',
};

function StepIndicator({ step }: { step: 1 | 2 }) {
  const items = ['Seus dados', 'Detalhes da conta'];
  return (
    <ol style={stepsStyle} aria-label={`Passo ${step} de 2`}>
      {items.map((label, index) => {
        const current = index + 1 === step;
        const done = index + 1 < step;
        return (
          <li
            key={label}
            aria-current={current ? 'step' : undefined}
            style={{
              flex: 1,
              borderTop: `4px solid ${current || done ? 'var(--t-color-primary)' : 'var(--t-color-border)'}`,
              paddingTop: 8,
              fontSize: 13,
              fontWeight: 600,
              color: current ? 'var(--t-color-primary)' : 'var(--t-color-muted)',
            }}
          >
            Passo {index + 1} · {label}
          </li>
        );
      })}
    </ol>
  );
}

const ACCOUNT_TYPES = [
  {
    value: 'restaurant',
    title: 'Mercado/Hortifruti',
    text: 'Publico vagas e contrato freelancers para o meu estabelecimento.',
  },
  { value: 'freelancer', title: 'Freelancer', text: 'Quero encontrar turnos e trabalhar perto de casa.' },
] as const;

let defaultApi: SessionApi | undefined;

/**
 * /setup (spec 01 §2 "Profile setup"): step 1 name, phone and account type; step 2 the business
 * (name, CEP and address, number, type, contact) or the freelancer (experience, specialties).
 * "Voltar ao início" signs out; "Finalizar Cadastro" posts /api/profile/setup and goes to /dashboard.
 */
/** The heading of a setup step; focused when the step changes, so screen readers announce it. */
function StepHeading({
  headingRef,
  title,
  subtitle,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  title: string;
  subtitle: string;
}) {
  return (
    <div>
      <h1 id="setup-title" ref={headingRef} tabIndex={-1} style={{ fontSize: 26, outline: 'none' }}>
        {title}
      </h1>
      <p className="t-muted" style={{ margin: '6px 0 0' }}>
        {subtitle}
      </p>
    </div>
  );
}

export function SetupPage({ api }: { api?: Pick<SessionApi, 'setupProfile'> }) {
  const session = useSession();
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const [form, setForm] = useState<SetupForm>(() => ({
    ...EMPTY_SETUP_FORM,
    userType: signInIntent() ?? '',
  }));
  const [errors, setErrors] = useState<SetupErrors>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [finished, setFinished] = useState(false);
  const prefilled = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The name comes prefilled from the sign-in identity, once it is known.
  useEffect(() => {
    if (prefilled.current || !session.user) return;
    prefilled.current = true;
    const name = session.user.name ?? '';
    if (name) setForm((f) => (f.name ? f : { ...f, name }));
  }, [session.user]);

  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  if (session.pending) {
    return (
      <SiteLayout>
        <title>Turno · Complete seu cadastro</title>
        <PageLoading label={MESSAGES.setup.loading} />
      </SiteLayout>
    );
  }
  if (!session.user) return <Navigate to="/" replace />;
  if (session.user.profile && !finished) return <Navigate to="/dashboard" replace />;

  const update = <K extends keyof SetupForm>(key: K, value: SetupForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const fillAddress = (found: AddressLookupResult) => {
    setForm((f) => ({ ...f, address: streetAddress(found) || f.address }));
  };

  const backToStart = () => {
    rememberSignInIntent(undefined);
    void session.logout().then(() => navigate('/', { replace: true }));
  };

  const next = (event: FormEvent) => {
    event.preventDefault();
    const found = stepOneErrors(form);
    setErrors(found);
    if (Object.keys(found).length === 0) setStep(2);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found = { ...stepTwoErrors(form), ...legalIdentityErrors(form) };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    setFailure(undefined);
    try {
      defaultApi ??= createSessionApi();
      await (api ?? defaultApi).setupProfile(setupRequest(form));
      rememberSignInIntent(undefined);
      setFinished(true);
      await session.refresh();
      void navigate('/dashboard', { replace: true });
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.serverMessage ? error.serverMessage : MESSAGES.setup.createFailed,
      );
      setSaving(false);
    }
  };

  const firstName = form.name.trim().split(/\s+/)[0];
  return (
    <SiteLayout
      nav={
        <Button variant="ghost" size="sm" onClick={backToStart}>
          Voltar ao início
        </Button>
      }
    >
      <title>{`Turno · Complete seu cadastro (passo ${step} de 2)`}</title>
      <div style={cardStyle}>
        <div className="t-card">
          <div className="t-card__body" style={{ padding: '28px 28px 24px' }}>
            <StepIndicator step={step} />
            {step === 1 ? (
              <form
                onSubmit={next}
                noValidate
                className="t-stack"
                style={{ gap: 20 }}
                aria-labelledby="setup-title"
              >
                <StepHeading
                  headingRef={headingRef}
                  title="Complete seu cadastro"
                  subtitle="Falta pouco: confirme seus dados e conte para a gente como você vai usar a Turno."
                />
                <TextField
                  label="Nome completo"
                  name="name"
                  autoComplete="name"
                  value={form.name}
                  onChange={(e) => update('name', e.target.value)}
                  error={errors.name}
                  required
                />
                <PhoneField
                  label="Telefone (WhatsApp)"
                  name="phone"
                  optional
                  value={form.phone}
                  onChange={(digits) => update('phone', digits)}
                  error={errors.phone}
                />
                <fieldset
                  className="t-fieldset"
                  aria-describedby={errors.userType ? 'setup-user-type-error' : undefined}
                >
                  <legend>Tipo de conta</legend>
                  <div className="t-form-grid">
                    {ACCOUNT_TYPES.map((type) => (
                      <label className="t-choice" key={type.value}>
                        <input
                          type="radio"
                          name="userType"
                          value={type.value}
                          checked={form.userType === type.value}
                          onChange={() => update('userType', type.value)}
                        />
                        <span>
                          <span className="t-choice__title">{type.title}</span>
                          <span className="t-choice__text">{type.text}</span>
                        </span>
                      </label>
                    ))}
                  </div>
                  {errors.userType && (
                    <p
                      className="t-hint t-hint--error"
                      id="setup-user-type-error"
                      role="alert"
                      style={{ marginTop: 8 }}
                    >
                      {errors.userType}
                    </p>
                  )}
                </fieldset>
                <div className="t-row" style={{ justifyContent: 'flex-end', gap: 12, marginTop: 4 }}>
                  <Button type="submit">Continuar</Button>
                </div>
              </form>
            ) : (
              <form
                onSubmit={submit}
                noValidate
                className="t-stack"
                style={{ gap: 20 }}
                aria-labelledby="setup-title"
              >
                <StepHeading
                  headingRef={headingRef}
                  title={form.userType === 'restaurant' ? 'Dados do estabelecimento' : 'Sua experiência'}
                  subtitle={
                    form.userType === 'restaurant'
                      ? 'Essas informações aparecem para os freelancers depois que a candidatura é aceita.'
                      : `${firstName ? `${firstName}, c` : 'C'}onte o que você já sabe fazer: ajuda os mercados a escolher você.`
                  }
                />
                {form.userType === 'restaurant' ? (
                  <>
                    <TextField
                      label="Nome do estabelecimento"
                      name="businessName"
                      autoComplete="organization"
                      value={form.businessName}
                      onChange={(e) => update('businessName', e.target.value)}
                      error={errors.businessName}
                      required
                    />
                    <TextField
                      label={MESSAGES.restaurants.legalNameLabel}
                      name="legalName"
                      autoComplete="organization"
                      hint={MESSAGES.restaurants.legalNameHint}
                      maxLength={150}
                      value={form.legalName}
                      onChange={(e) => update('legalName', e.target.value)}
                      error={errors.legalName}
                      required
                    />
                    <CnpjField
                      name="cnpj"
                      value={form.cnpj}
                      onChange={(value) => update('cnpj', value)}
                      error={errors.cnpj}
                      required
                    />
                    <CepField
                      label="CEP"
                      name="cep"
                      optional
                      value={form.cep}
                      onChange={(value) => update('cep', value)}
                      onAddress={fillAddress}
                    />
                    <div
                      className="t-form-grid"
                      style={{ gridTemplateColumns: 'minmax(0,3fr) minmax(0,1fr)' }}
                    >
                      <TextField
                        label="Endereço"
                        name="address"
                        optional
                        autoComplete="street-address"
                        placeholder="Rua, bairro, cidade"
                        value={form.address}
                        onChange={(e) => update('address', e.target.value)}
                      />
                      <TextField
                        label="Número"
                        name="addressNumber"
                        optional
                        inputMode="numeric"
                        value={form.addressNumber}
                        onChange={(e) => update('addressNumber', e.target.value)}
                      />
                    </div>
                    <div className="t-form-grid">
                      <SelectField
                        label="Tipo de estabelecimento"
                        name="cuisineType"
                        optional
                        value={form.cuisineType}
                        onChange={(e) => update('cuisineType', e.target.value)}
                      >
                        <option value="">Selecione</option>
                        {ESTABLISHMENT_TYPES.map((type) => (
                          <option key={type} value={type}>
                            {type}
                          </option>
                        ))}
                      </SelectField>
                      <TextField
                        label="Pessoa de contato"
                        name="contactPerson"
                        optional
                        placeholder="Quem recebe os freelancers"
                        value={form.contactPerson}
                        onChange={(e) => update('contactPerson', e.target.value)}
                      />
                    </div>
                  </>
                ) : (
                  <>
                    <FreelancerExperienceFields
                      experienceYears={form.experienceYears}
                      onExperienceYearsChange={(value) => update('experienceYears', value)}
                      specialties={form.specialties}
                      onSpecialtiesChange={(next) => update('specialties', next)}
                      experienceHint="Em mercados, hortifrútis, atacados ou no varejo em geral."
                    />
                  </>
                )}
                <TermsCheckbox
                  checked={form.acceptedTerms}
                  onChange={(checked) => update('acceptedTerms', checked)}
                  error={errors.acceptedTerms}
                />
                {failure && (
                  <Alert tone="danger" title="Não foi possível concluir o cadastro" data-testid="setup-error">
                    {failure}
                  </Alert>
                )}
                <div className="t-row" style={{ justifyContent: 'space-between', gap: 12, marginTop: 4 }}>
                  <Button variant="ghost" onClick={() => setStep(1)} disabled={saving}>
                    Voltar
                  </Button>
                  <Button type="submit" busy={saving}>
                    {saving ? MESSAGES.setup.saving : 'Finalizar Cadastro'}
                  </Button>
                </div>
              </form>
            )}
          </div>
        </div>
      </div>
    </SiteLayout>
  );
}
