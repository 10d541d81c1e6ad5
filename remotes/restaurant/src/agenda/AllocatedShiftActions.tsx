import { ShiftReleaseResponseSchema, type Job } from '@turno/contracts';
import {
  MESSAGES,
  SHIFT_CONFIRMATION_MESSAGES,
  formatDateBR,
  noShowReportAllowed,
  phoneCallLink,
  shiftHasStarted,
  whatsAppLink,
} from '@turno/domain';
import { Badge, Button, Loading, buttonClassName, useBffMutation } from '@turno/ui';
import { BFF } from '../shared/bff';
import { Suspense, lazy, useInsertionEffect, useState } from 'react';
import { ensureSectionStyles } from '../shared/styles';

// The dialogs are a chunk of their own, loaded when one opens.
const CancelFreelancerDialog = lazy(() =>
  import('./ReleaseDialogs').then((m) => ({ default: m.CancelFreelancerDialog })),
);
const NoShowDialog = lazy(() => import('./ReleaseDialogs').then((m) => ({ default: m.NoShowDialog })));

const RELEASE_CSS = `
.r-contact-links{display:flex;gap:6px}
.r-contact-links>.t-btn{flex:1 1 0}
.r-release-choice{display:flex;align-items:flex-start;gap:10px;min-height:44px;padding:8px 10px;border:1px solid var(--t-color-border-strong);border-radius:8px;cursor:pointer}
.r-release-choice>input{margin-top:4px;width:20px;height:20px;flex:none}
.r-release-choice:has(>input:checked){border-color:var(--t-color-primary);background:var(--t-color-primary-soft)}
`;

export interface AllocatedShiftActionsProps {
  job: Job;
  now: Date;
  /** A release went through: the message for the business (the list refreshes on its event). */
  onReleased?: (message: string) => void;
  fetchImpl?: typeof fetch;
}

/** True when the agenda offers the release actions: allocated, not checked in yet. */
export function offersShiftRelease(job: Job): boolean {
  return job.status === 'assigned' && job.assignment_status === 'assigned' && job.assignment_id !== null;
}

/**
 * The actions of an allocated shift not yet checked in (issue 23): "Ligar" and "WhatsApp" with the
 * freelancer's phone, "Cancelar freelancer" (reopen or cancel the vacancy; the late-cancellation
 * fee shown when less than 12 h are left) and, from start + 10 min, "Não compareceu".
 */
export function AllocatedShiftActions({ job, now, onReleased, fetchImpl }: AllocatedShiftActionsProps) {
  useInsertionEffect(() => ensureSectionStyles('turno-restaurant-shift-release', RELEASE_CSS), []);
  const [open, setOpen] = useState<'cancel' | 'noShow' | null>(null);
  const release = useBffMutation({ fetchImpl });
  if (!offersShiftRelease(job)) return null;
  const name = job.freelancer_name ?? 'freelancer';
  const shift = { date: job.date_needed, start: job.start_time, end: job.end_time };
  const call = phoneCallLink(job.freelancer_phone);
  const whatsApp = whatsAppLink(job.freelancer_phone);
  const of = ` ${name} (${job.title} de ${formatDateBR(job.date_needed)})`;
  const done = (message: string) => {
    setOpen(null);
    onReleased?.(message);
  };
  // Issue 26: whether the freelancer confirmed presence; "Liberar vaga" once told it is unconfirmed.
  const confirmation = job.assignment_confirmed_time
    ? { tone: 'success' as const, text: SHIFT_CONFIRMATION_MESSAGES.agendaConfirmed }
    : job.assignment_unconfirmed_time
      ? { tone: 'warning' as const, text: SHIFT_CONFIRMATION_MESSAGES.agendaUnconfirmed }
      : null;
  const releasable =
    !job.assignment_confirmed_time &&
    Boolean(job.assignment_unconfirmed_time) &&
    !shiftHasStarted(shift, now);
  const releaseUnconfirmed = async () => {
    const result = await release.send(
      `${BFF}/restaurant/assignments/${job.assignment_id}/release-unconfirmed`,
      {
        body: {},
        schema: ShiftReleaseResponseSchema,
        key: 'release',
        fallback: SHIFT_CONFIRMATION_MESSAGES.releaseFailed,
      },
    );
    if (result.ok) onReleased?.(result.data.message);
  };
  return (
    <>
      {confirmation && (
        <span data-testid="shift-confirmation">
          <Badge tone={confirmation.tone}>{confirmation.text}</Badge>
        </span>
      )}
      {releasable && (
        <Button size="sm" busy={release.pending} onClick={() => void releaseUnconfirmed()}>
          {SHIFT_CONFIRMATION_MESSAGES.release}
          <span className="t-visually-hidden">{of}</span>
        </Button>
      )}
      {release.error && (
        <span role="alert" className="t-field-error">
          {release.error}
        </span>
      )}
      {(call || whatsApp) && (
        <span className="r-contact-links">
          {call && (
            <a className={buttonClassName('secondary', 'sm')} href={call}>
              {MESSAGES.shiftRelease.call}
              <span className="t-visually-hidden">{of}</span>
            </a>
          )}
          {whatsApp && (
            <a
              className={buttonClassName('secondary', 'sm')}
              href={whatsApp}
              target="_blank"
              rel="noreferrer"
            >
              {MESSAGES.shiftRelease.whatsApp}
              <span className="t-visually-hidden">{of}</span>
            </a>
          )}
        </span>
      )}
      {noShowReportAllowed(shift, now) && (
        <Button size="sm" variant="secondary" onClick={() => setOpen('noShow')}>
          {MESSAGES.shiftRelease.noShow}
          <span className="t-visually-hidden">{of}</span>
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={() => setOpen('cancel')}>
        {MESSAGES.shiftRelease.cancelFreelancer}
        <span className="t-visually-hidden">{of}</span>
      </Button>
      {open && (
        <Suspense fallback={<Loading />}>
          {open === 'cancel' ? (
            <CancelFreelancerDialog
              job={job}
              now={now}
              fetchImpl={fetchImpl}
              onClose={() => setOpen(null)}
              onDone={done}
            />
          ) : (
            <NoShowDialog job={job} fetchImpl={fetchImpl} onClose={() => setOpen(null)} onDone={done} />
          )}
        </Suspense>
      )}
    </>
  );
}
