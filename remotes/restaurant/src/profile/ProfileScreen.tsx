import { RestaurantProfileSchema, type AddressLookupResult, type RestaurantProfile } from '@turno/contracts';
import {
  ESTABLISHMENT_TYPES,
  MESSAGES,
  SUCCESS_MESSAGE_MS,
  formatCnpj,
  formatDateBR,
  formatPhone,
  isValidPhone,
  legalIdentityErrors,
  normalizeLegalName,
  parseInstant,
  saoPauloDate,
} from '@turno/domain';
import {
  Alert,
  bffErrorMessage,
  Button,
  Card,
  CepField,
  CnpjField,
  Loading,
  PhoneField,
  SelectField,
  sendBff,
  TextField,
  NotificationPreferencesCard,
  PrivacyCard,
} from '@turno/ui';
import { useInsertionEffect, useRef, useState, type FormEvent } from 'react';
import { useTimedMessage } from '../shared/useTimedMessage';
import { ensureSectionStyles } from '../shared/styles';
import { PROFILE_URL, useRestaurantProfile } from './profile';
import { ShiftConfirmationSetting } from './ShiftConfirmationSetting';

const PROFILE_CSS = `
.t-form-grid.r-address-grid{grid-template-columns:minmax(0,3fr) minmax(0,1fr)}
@media (max-width:480px){.t-form-grid.r-address-grid{grid-template-columns:minmax(0,1fr)}}
`;

export interface ProfileScreenProps {
  fetchImpl?: typeof fetch;
}

/** The address text from a CEP lookup or a picked suggestion: "Rua, Bairro, Cidade - UF". */
function streetAddress(found: AddressLookupResult): string {
  const city = [found.localidade, found.uf].filter(Boolean).join(' - ');
  return [found.logradouro, found.bairro, city].filter(Boolean).join(', ') || found.formattedAddress;
}

interface ProfileForm {
  name: string;
  businessName: string;
  phone: string;
  cep: string;
  address: string;
  addressNumber: string;
  cuisineType: string;
  contactPerson: string;
  /** The CNPJ widget's value (characters without mask). */
  cnpj: string;
  legalName: string;
}

const formOf = (profile: RestaurantProfile): ProfileForm => ({
  name: profile.name,
  businessName: profile.business_name,
  phone: profile.phone ?? '',
  cep: '',
  address: profile.address ?? '',
  addressNumber: profile.address_number ?? '',
  cuisineType: profile.cuisine_type ?? '',
  contactPerson: profile.contact_person ?? '',
  cnpj: profile.cnpj ?? '',
  legalName: profile.legal_name ?? '',
});

/** A business set up before issue 25 lacks its CNPJ or razão social: Perfil asks to complete them. */
const lacksLegalIdentity = (profile: RestaurantProfile) => !profile.cnpj || !profile.legal_name;

/**
 * The "Perfil" tab (spec 01 §2): the establishment's profile, and its edit form — responsible and
 * business name required, phone (shared phone widget), CEP lookup filling the address, number, the
 * 30 establishment types, contact person, razão social and CNPJ (issue 25: shown on invoices; a
 * business without them is asked to complete them; once set they are required). Failures say
 * "Erro ao salvar" / the connection message.
 */
export function ProfileScreen({ fetchImpl }: ProfileScreenProps) {
  useInsertionEffect(() => ensureSectionStyles('turno-restaurant-profile', PROFILE_CSS), []);
  const profile = useRestaurantProfile({ fetchImpl });
  const [editing, setEditing] = useState(false);
  const flash = useTimedMessage();

  if (!profile.data) {
    if (profile.error)
      return (
        <Alert tone="danger" data-testid="load-error">
          {profile.error.status === undefined
            ? MESSAGES.common.connection
            : MESSAGES.restaurants.profileLoadFailed(profile.error.detail || `HTTP ${profile.error.status}`)}
          <div style={{ marginTop: 8 }}>
            <Button size="sm" variant="secondary" onClick={profile.refresh}>
              Tentar novamente
            </Button>
          </div>
        </Alert>
      );
    return <Loading />;
  }
  const data = profile.data;
  return (
    <div className="t-stack">
      {flash.message && (
        <Alert tone={flash.message.tone} data-testid="profile-message">
          {flash.message.text}
        </Alert>
      )}
      {editing ? (
        <ProfileEditForm
          profile={data}
          fetchImpl={fetchImpl}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            flash.show({ tone: 'success', text: MESSAGES.restaurants.profileSaved }, SUCCESS_MESSAGE_MS);
            profile.refresh();
          }}
        />
      ) : (
        <ProfileView profile={data} onEdit={() => setEditing(true)} />
      )}
      {/* Issue 26: Perfil → "Notificações" (per kind and channel; the shell BFF's /api/notifications/preferences). */}
      {/* Issue 26: "Liberar automaticamente turnos não confirmados". */}
      <ShiftConfirmationSetting fetchImpl={fetchImpl} />
      <NotificationPreferencesCard fetchImpl={fetchImpl} titleAs="h2" />
      {/* Issue 27: Perfil → "Privacidade" (terms accepted, optional uses; the shell BFF's /api/consents). */}
      <PrivacyCard fetchImpl={fetchImpl} titleAs="h2" />
    </div>
  );
}

function ProfileView({ profile, onEdit }: { profile: RestaurantProfile; onEdit: () => void }) {
  const since = parseInstant(profile.created_at);
  const address = [profile.address, profile.address_number].filter(Boolean).join(', nº ');
  return (
    <Card
      title="Dados do estabelecimento"
      titleAs="h2"
      actions={<Button onClick={onEdit}>Editar perfil</Button>}
    >
      {lacksLegalIdentity(profile) && (
        <Alert tone="warning" data-testid="legal-identity-prompt">
          {MESSAGES.restaurants.completeLegalIdentity}
        </Alert>
      )}
      <dl className="r-facts" data-testid="profile-view">
        <dt>Estabelecimento</dt>
        <dd>{profile.business_name}</dd>
        <dt>{MESSAGES.restaurants.legalNameLabel}</dt>
        <dd>{profile.legal_name ?? 'Não informado'}</dd>
        <dt>{MESSAGES.restaurants.cnpjLabel}</dt>
        <dd>{profile.cnpj ? formatCnpj(profile.cnpj) : 'Não informado'}</dd>
        <dt>Responsável</dt>
        <dd>{profile.name}</dd>
        <dt>Telefone</dt>
        <dd>{profile.phone ? formatPhone(profile.phone) : 'Não informado'}</dd>
        <dt>Endereço</dt>
        <dd>{address || 'Não informado'}</dd>
        <dt>Tipo</dt>
        <dd>{profile.cuisine_type ?? 'Não informado'}</dd>
        <dt>Contato</dt>
        <dd>{profile.contact_person ?? 'Não informado'}</dd>
        <dt>Situação</dt>
        <dd>{profile.is_approved ? 'Aprovado' : profile.is_active ? 'Aguardando aprovação' : 'Inativo'}</dd>
        {since && (
          <>
            <dt>Cadastro</dt>
            <dd>{formatDateBR(saoPauloDate(since))}</dd>
          </>
        )}
      </dl>
    </Card>
  );
}

interface ProfileEditFormProps {
  profile: RestaurantProfile;
  onCancel: () => void;
  onSaved: () => void;
  fetchImpl?: typeof fetch;
}

function ProfileEditForm({ profile, onCancel, onSaved, fetchImpl }: ProfileEditFormProps) {
  const [form, setForm] = useState(() => formOf(profile));
  const [errors, setErrors] = useState<Partial<Record<keyof ProfileForm, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const update = (field: keyof ProfileForm, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  // Once given, CNPJ and razão social stay required (the server refuses clearing them).
  const legalRequired = { cnpj: Boolean(profile.cnpj), legalName: Boolean(profile.legal_name) };
  const legacyType =
    profile.cuisine_type && !(ESTABLISHMENT_TYPES as readonly string[]).includes(profile.cuisine_type)
      ? profile.cuisine_type
      : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current) return;
    const found: typeof errors = {};
    if (!form.name.trim()) found.name = MESSAGES.restaurants.nameRequired;
    if (!form.businessName.trim()) found.businessName = MESSAGES.restaurants.businessNameRequired;
    if (form.phone && !isValidPhone(form.phone)) found.phone = MESSAGES.validation.invalidPhone;
    Object.assign(found, legalIdentityErrors(form, legalRequired));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    try {
      await sendBff(PROFILE_URL, {
        method: 'PUT',
        body: {
          name: form.name.trim(),
          businessName: form.businessName.trim(),
          phone: form.phone || null,
          address: form.address.trim() || null,
          addressNumber: form.addressNumber.trim() || null,
          cep: /^\d{5}-?\d{3}$/.test(form.cep) ? form.cep : undefined,
          cuisineType: form.cuisineType || null,
          contactPerson: form.contactPerson.trim() || null,
          // Empty: left as stored (the check above refuses emptying one already given).
          cnpj: form.cnpj || undefined,
          legalName: normalizeLegalName(form.legalName) || undefined,
        },
        schema: RestaurantProfileSchema,
        fetchImpl,
      });
      onSaved();
    } catch (error) {
      setFailure(bffErrorMessage(error, MESSAGES.common.saveFailed, MESSAGES.common.saveConnection));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <Card title="Editar perfil" titleAs="h2">
      <form
        className="t-stack"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Editar perfil"
      >
        <div className="t-form-grid">
          <TextField
            label="Nome do responsável"
            name="name"
            autoComplete="name"
            value={form.name}
            onChange={(event) => update('name', event.target.value)}
            error={errors.name}
            required
          />
          <TextField
            label="Nome do estabelecimento"
            name="businessName"
            autoComplete="organization"
            value={form.businessName}
            onChange={(event) => update('businessName', event.target.value)}
            error={errors.businessName}
            required
          />
        </div>
        <div className="t-form-grid">
          <TextField
            label={MESSAGES.restaurants.legalNameLabel}
            name="legalName"
            autoComplete="organization"
            hint={MESSAGES.restaurants.legalNameHint}
            maxLength={150}
            optional={!legalRequired.legalName}
            value={form.legalName}
            onChange={(event) => update('legalName', event.target.value)}
            error={errors.legalName}
            required={legalRequired.legalName}
          />
          <CnpjField
            name="cnpj"
            optional={!legalRequired.cnpj}
            value={form.cnpj}
            onChange={(value) => update('cnpj', value)}
            error={errors.cnpj}
            required={legalRequired.cnpj}
          />
        </div>
        <PhoneField
          name="phone"
          optional
          value={form.phone}
          onChange={(digits) => update('phone', digits)}
          error={errors.phone}
        />
        <CepField
          name="cep"
          optional
          value={form.cep}
          onChange={(value) => update('cep', value)}
          onAddress={(found) =>
            setForm((current) => ({ ...current, address: streetAddress(found) || current.address }))
          }
        />
        <div className="t-form-grid r-address-grid">
          <TextField
            label="Endereço"
            name="address"
            optional
            autoComplete="street-address"
            placeholder="Rua, bairro, cidade"
            value={form.address}
            onChange={(event) => update('address', event.target.value)}
          />
          <TextField
            label="Número"
            name="addressNumber"
            optional
            inputMode="numeric"
            value={form.addressNumber}
            onChange={(event) => update('addressNumber', event.target.value)}
          />
        </div>
        <div className="t-form-grid">
          <SelectField
            label="Tipo de estabelecimento"
            name="cuisineType"
            optional
            value={form.cuisineType}
            onChange={(event) => update('cuisineType', event.target.value)}
          >
            <option value="">Selecione</option>
            {legacyType && <option value={legacyType}>{legacyType}</option>}
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
            value={form.contactPerson}
            onChange={(event) => update('contactPerson', event.target.value)}
          />
        </div>
        {failure && (
          <Alert tone="danger" data-testid="profile-error">
            {failure}
          </Alert>
        )}
        <div className="r-actions">
          <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" busy={busy}>
            Salvar
          </Button>
        </div>
      </form>
    </Card>
  );
}
