/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { FreelancerVetting } from '@turno/contracts';
import { VETTING_MESSAGES, VETTING_REJECTION_REASON_LABELS } from '@turno/domain';
import { settle } from '@turno/ui/testing';
import { ANA } from '../testing/fixtures';
import { answer, routeFetch } from '../testing/route-fetch';
import { VettingChecklist } from './VettingChecklist';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: true })),
}));
afterEach(cleanup);

const GET = 'GET /bff/freelancer/api/freelancers/vetting';
const SUBMIT = 'POST /bff/freelancer/api/freelancers/vetting/submit';
const pending = { ...ANA, is_approved: false };
const documents: FreelancerVetting['documents'] = (
  ['identity_back', 'identity_front', 'selfie'] as const
).map((kind) => ({ kind, content_type: 'image/jpeg', bytes: 2048, uploaded_at: '2026-11-27T10:00:00.000Z' }));
const vetting = (fields: Partial<FreelancerVetting>): FreelancerVetting => ({
  status: 'incomplete',
  missing: [],
  document_type: null,
  documents: [],
  submitted_at: null,
  reviewed_at: null,
  rejection_reason: null,
  rejection_note: null,
  ...fields,
});

describe('vetting checklist', () => {
  it('says what is missing and sends only a complete checklist', async () => {
    const incomplete = vetting({ missing: ['profile_photo', 'document_type', 'selfie'] });
    const { fetchImpl } = routeFetch({ [GET]: answer(200, incomplete) });
    const onOpenProfile = jest.fn();
    render(<VettingChecklist me={pending} onOpenProfile={onOpenProfile} fetchImpl={fetchImpl} />);
    await settle();
    expect(screen.getByTestId('vetting-item-selfie').dataset.done).toBe('false');
    expect(screen.getByTestId('vetting-item-cpf').dataset.done).toBe('true');
    expect(screen.getByRole('button', { name: VETTING_MESSAGES.submit }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: VETTING_MESSAGES.goToProfile }));
    expect(onOpenProfile).toHaveBeenCalled();
  });

  it('sends the document type with "Enviar para análise", then says it is under review', async () => {
    const complete = vetting({ missing: ['document_type'], documents });
    const { fetchImpl, sent } = routeFetch({
      [GET]: answer(200, complete),
      [SUBMIT]: answer(200, {
        success: true,
        message: VETTING_MESSAGES.submitted,
        vetting: { ...complete, status: 'submitted', missing: [], document_type: 'rg' },
      }),
    });
    render(<VettingChecklist me={pending} onOpenProfile={() => undefined} fetchImpl={fetchImpl} />);
    await settle();
    fireEvent.change(screen.getByLabelText(VETTING_MESSAGES.documentTypeLabel), { target: { value: 'rg' } });
    fireEvent.click(screen.getByRole('button', { name: VETTING_MESSAGES.submit }));
    await settle();
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ document_type: 'rg' });
    expect(screen.getByTestId('vetting-under-review').textContent).toContain(VETTING_MESSAGES.underReview);
    expect(screen.queryByRole('button', { name: VETTING_MESSAGES.submit })).toBeNull();
  });

  it('shows the reason of a request for a correction and lets the freelancer send again', async () => {
    const rejected = vetting({
      status: 'rejected',
      documents,
      document_type: 'cnh',
      rejection_reason: 'document_expired',
      rejection_note: 'A CNH venceu em 2024.',
    });
    const { fetchImpl } = routeFetch({ [GET]: answer(200, rejected) });
    render(<VettingChecklist me={pending} onOpenProfile={() => undefined} fetchImpl={fetchImpl} />);
    await settle();
    const reason = screen.getByTestId('vetting-rejection').textContent;
    expect(reason).toContain(VETTING_REJECTION_REASON_LABELS.document_expired);
    expect(reason).toContain('A CNH venceu em 2024.');
    expect(screen.getByRole('button', { name: VETTING_MESSAGES.submit }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  it('shows nothing to an approved freelancer', async () => {
    const { fetchImpl } = routeFetch({ [GET]: answer(200, vetting({ status: 'approved' })) });
    render(<VettingChecklist me={ANA} onOpenProfile={() => undefined} fetchImpl={fetchImpl} />);
    await settle();
    expect(screen.queryByTestId('vetting-checklist')).toBeNull();
  });
});
