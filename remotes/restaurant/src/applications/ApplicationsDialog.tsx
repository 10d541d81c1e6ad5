import {
  APPLICANT_SORTS,
  AcceptApplicationResponseSchema,
  RejectApplicationResponseSchema,
  RestaurantApplicationListSchema,
  type ApplicantSort,
  type Job,
  type RestaurantApplication,
} from '@turno/contracts';
import { MESSAGES, formatDateBR, formatPhone, formatRatingAverage } from '@turno/domain';
import {
  Alert,
  bffErrorMessage,
  Button,
  Dialog,
  formatTimestampBR,
  LoadErrorAlert,
  Loading,
  SelectField,
  sendBff,
} from '@turno/ui';
import { useEffect, useRef, useState } from 'react';
import { Avatar } from '../shared/Avatar';
import { BFF } from '../shared/bff';
import { useLiveResource } from '../shared/useLiveResource';

export interface ApplicationsDialogProps {
  job: Job;
  onClose: () => void;
  /** The freelancer was allocated: the dialog closes and the agenda says so. */
  onAccepted: (freelancerName: string) => void;
  fetchImpl?: typeof fetch;
}

type Problem = { title: string; text: string; conflict: boolean };

const applicationsUrl = (jobId: number, sort: ApplicantSort) =>
  `${BFF}/restaurant/jobs/${jobId}/applications${sort === 'applied' ? '' : `?sort=${sort}`}`;

/** Issue 23: the applicants' order, chosen on the server (by application, or best reliability first). */
const SORT_OPTIONS = APPLICANT_SORTS.map((value) => ({
  value,
  label: value === 'reliability' ? MESSAGES.reliability.sortScore : MESSAGES.reliability.sortApplied,
}));

/**
 * The applicants of one vacancy (spec 01 "Applications modal"): who they are, their experience,
 * rating, jobs done, phone, specialties, message and when they applied (Sao Paulo). "Aceitar" asks
 * for confirmation first — accepting rejects the others and allocates the freelancer at once;
 * "Rejeitar" is immediate. The list follows new applications live.
 */
export function ApplicationsDialog({ job, onClose, onAccepted, fetchImpl }: ApplicationsDialogProps) {
  const [sort, setSort] = useState<ApplicantSort>('applied');
  const applications = useLiveResource(applicationsUrl(job.id, sort), RestaurantApplicationListSchema, {
    types: ['job_application', 'job_assignment'],
    fetchImpl,
  });
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const inFlight = useRef(false);

  async function decide(application: RestaurantApplication, decision: 'accept' | 'reject') {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(application.id);
    setProblem(null);
    setNotice(null);
    try {
      if (decision === 'accept') {
        await sendBff(`${BFF}/restaurant/applications/${application.id}/accept`, {
          method: 'POST',
          schema: AcceptApplicationResponseSchema,
          fetchImpl,
        });
        onAccepted(application.freelancer_name);
        return;
      }
      await sendBff(`${BFF}/restaurant/applications/${application.id}/reject`, {
        method: 'POST',
        schema: RejectApplicationResponseSchema,
        fetchImpl,
      });
      setNotice(MESSAGES.applications.rejected);
      applications.refresh();
    } catch (error) {
      const fallback =
        decision === 'accept' ? MESSAGES.applications.acceptFailed : MESSAGES.applications.rejectFailed;
      const text = bffErrorMessage(error, fallback, MESSAGES.common.connection);
      setProblem({
        title: fallback,
        text,
        conflict: text.includes(MESSAGES.applications.scheduleConflictMarker),
      });
    } finally {
      inFlight.current = false;
      setBusy(null);
      setConfirming(null);
    }
  }

  const items = applications.data;
  return (
    <Dialog
      title={`Candidaturas — ${job.title} (${formatDateBR(job.date_needed)})`}
      onClose={onClose}
      busy={busy !== null}
    >
      <Alert tone="info">{MESSAGES.applications.acceptExplanation}</Alert>
      {problem &&
        (problem.conflict ? (
          <Alert
            tone="warning"
            title={MESSAGES.applications.conflictAlertTitle}
            data-testid="applications-error"
          >
            {problem.text} {MESSAGES.applications.conflictAdvice}
          </Alert>
        ) : (
          <Alert tone="danger" title={problem.title} data-testid="applications-error">
            {problem.text}
          </Alert>
        ))}
      {notice && <Alert tone="success">{notice}</Alert>}
      <SelectField
        label={MESSAGES.reliability.sortLabel}
        value={sort}
        onChange={(event) => setSort(event.target.value as ApplicantSort)}
        options={SORT_OPTIONS}
      />
      {!items && applications.loading && <Loading />}
      {!items && applications.error && (
        <LoadErrorAlert detail={applications.error.detail} onRetry={applications.refresh} />
      )}
      {items && items.length === 0 && (
        <p className="t-muted" style={{ margin: 0 }}>
          Nenhuma candidatura pendente para esta vaga.
        </p>
      )}
      {items && items.length > 0 && (
        <ul className="t-stack" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Candidatos">
          {items.map((application) => (
            <ApplicantCard
              key={application.id}
              application={application}
              confirming={confirming === application.id}
              busy={busy === application.id}
              disabled={busy !== null}
              onAccept={() => setConfirming(application.id)}
              onConfirm={() => void decide(application, 'accept')}
              onCancelConfirm={() => setConfirming(null)}
              onReject={() => void decide(application, 'reject')}
            />
          ))}
        </ul>
      )}
    </Dialog>
  );
}

interface ApplicantCardProps {
  application: RestaurantApplication;
  confirming: boolean;
  busy: boolean;
  disabled: boolean;
  onAccept: () => void;
  onConfirm: () => void;
  onCancelConfirm: () => void;
  onReject: () => void;
}

function ApplicantCard({
  application: a,
  confirming,
  busy,
  disabled,
  onAccept,
  onConfirm,
  onCancelConfirm,
  onReject,
}: ApplicantCardProps) {
  const confirmButton = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [confirming]);
  const years = a.experience_years === 1 ? '1 ano' : `${a.experience_years} anos`;
  return (
    <li className="t-card" style={{ padding: '14px 16px' }} aria-label={a.freelancer_name}>
      <div className="r-person" style={{ alignItems: 'center' }}>
        <Avatar name={a.freelancer_name} photoUrl={a.profile_photo_url} />
        <strong style={{ overflowWrap: 'anywhere' }}>{a.freelancer_name}</strong>
      </div>
      <dl className="r-facts">
        <dt>Experiência</dt>
        <dd>{years}</dd>
        <dt>Avaliação</dt>
        <dd>{a.rating === null ? 'Sem avaliações' : `${formatRatingAverage(a.rating)} ★`}</dd>
        <dt>Trabalhos</dt>
        <dd>{a.total_jobs}</dd>
        <dt>{MESSAGES.reliability.scoreLabel}</dt>
        <dd data-testid="applicant-reliability">
          {a.reliability_score === null || a.reliability_score === undefined
            ? MESSAGES.reliability.noHistory
            : MESSAGES.reliability.scoreValue(a.reliability_score)}{' '}
          · {MESSAGES.reliability.completedShifts(a.total_jobs)}
        </dd>
        <dt>Telefone</dt>
        <dd className="r-nowrap">
          {a.freelancer_phone ? formatPhone(a.freelancer_phone) : MESSAGES.common.notInformed}
        </dd>
        <dt>Especialidades</dt>
        <dd>{a.specialties.length > 0 ? a.specialties.join(', ') : MESSAGES.freelancers.noSpecialties}</dd>
        {a.application_message && (
          <>
            <dt>Mensagem</dt>
            <dd>{a.application_message}</dd>
          </>
        )}
        <dt>Candidatura</dt>
        <dd>{formatTimestampBR(a.applied_at)}</dd>
      </dl>
      {confirming ? (
        <div className="t-stack" style={{ marginTop: 12, gap: 8 }} role="group" aria-label="Confirmar aceite">
          <p style={{ margin: 0, fontWeight: 600 }}>
            {MESSAGES.confirmations.acceptApplicationRejectsOthers}
          </p>
          <div className="r-actions" ref={confirmButton}>
            <Button onClick={onConfirm} busy={busy}>
              Sim, aceitar
            </Button>
            <Button variant="secondary" onClick={onCancelConfirm} disabled={busy}>
              Voltar
            </Button>
          </div>
        </div>
      ) : (
        <div className="r-actions" style={{ marginTop: 12 }}>
          <Button variant="secondary" onClick={onReject} busy={busy} disabled={disabled}>
            Rejeitar
          </Button>
          <Button onClick={onAccept} disabled={disabled}>
            Aceitar
          </Button>
        </div>
      )}
    </li>
  );
}
