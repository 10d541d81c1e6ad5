import { type FreelancerMe } from '@turno/contracts';
import { formatCpf, formatPhone, MESSAGES, SUCCESS_MESSAGE_MS } from '@turno/domain';
import { Alert, Badge, Button, Card, NotificationPreferencesCard, PrivacyCard } from '@turno/ui';
import { useEffect, useState } from 'react';
import { Details, WrappingTitle } from '../shared/Details';
import { PhotoUploader } from './PhotoUploader';
import { ProfileForm } from './ProfileForm';
import { SearchAreaSettings } from './SearchAreaSettings';
import { ReliabilityCard } from '../reliability/ReliabilityCard';

const orNotInformed = (value: string | null | undefined) => value || MESSAGES.common.notInformed;

export interface ProfileScreenProps {
  me: FreelancerMe;
  /** The saved profile (the banners and apply buttons read it). */
  onSaved: (profile: FreelancerMe) => void;
  /** Reads the profile again (after a new photo). */
  onReload?: () => void;
  fetchImpl?: typeof fetch;
}

/**
 * The "Perfil" tab: the read-only profile (each empty field "Não informado", specialty chips or
 * "Nenhuma especialidade informada") and an Editar/Cancelar toggle opening the form.
 */
export function ProfileScreen({ me, onSaved, onReload = () => undefined, fetchImpl }: ProfileScreenProps) {
  const [editing, setEditing] = useState(false);
  const [flash, setFlash] = useState<string | null>(null);
  useEffect(() => {
    if (!flash) return undefined;
    const timer = setTimeout(() => setFlash(null), SUCCESS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [flash]);

  return (
    <section aria-labelledby="profile-title" className="t-stack">
      <h2 id="profile-title" style={{ fontSize: 18 }}>
        Meu perfil
      </h2>
      {flash && (
        <Alert tone="success" data-testid="profile-flash">
          {flash}
        </Alert>
      )}
      <Card title="Foto de perfil" titleAs="h3">
        <PhotoUploader
          me={me}
          fetchImpl={fetchImpl}
          onUploaded={(message) => {
            setFlash(message);
            onReload();
          }}
        />
      </Card>
      <Card
        title={<WrappingTitle>{me.name}</WrappingTitle>}
        titleAs="h3"
        actions={
          <Button variant="secondary" size="sm" aria-expanded={editing} onClick={() => setEditing((e) => !e)}>
            {editing ? 'Cancelar' : 'Editar'}
          </Button>
        }
      >
        {editing ? (
          <ProfileForm
            me={me}
            fetchImpl={fetchImpl}
            onSaved={(profile, message) => {
              setEditing(false);
              setFlash(message);
              onSaved(profile);
            }}
          />
        ) : (
          <div className="t-stack" style={{ gap: 12 }}>
            <Details
              lines={[
                { label: 'Telefone', value: orNotInformed(me.phone && formatPhone(me.phone)) },
                { label: 'Endereço', value: orNotInformed(me.address) },
                { label: 'CPF', value: orNotInformed(me.cpf && formatCpf(me.cpf)) },
                { label: 'Chave PIX', value: orNotInformed(me.pix_key) },
                {
                  label: 'Experiência',
                  value: `${me.experience_years} ${me.experience_years === 1 ? 'ano' : 'anos'}`,
                },
              ]}
            />
            <div>
              <p className="t-muted" style={{ margin: '0 0 6px' }}>
                Especialidades
              </p>
              {me.specialties.length === 0 ? (
                <p style={{ margin: 0 }}>{MESSAGES.freelancers.noSpecialties}</p>
              ) : (
                <div className="t-row">
                  {me.specialties.map((specialty) => (
                    <Badge key={specialty} tone="info">
                      {specialty}
                    </Badge>
                  ))}
                </div>
              )}
            </div>
          </div>
        )}
      </Card>
      <SearchAreaSettings fetchImpl={fetchImpl} />
      <ReliabilityCard me={me} fetchImpl={fetchImpl} />
      {/* Issue 26: Perfil → "Notificações" (per kind and channel; the shell BFF's /api/notifications/preferences). */}
      <NotificationPreferencesCard fetchImpl={fetchImpl} />
      {/* Issue 27: Perfil → "Privacidade" (terms accepted, optional uses; the shell BFF's /api/consents). */}
      <PrivacyCard fetchImpl={fetchImpl} />
    </section>
  );
}
