/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { AdminVettingDetail, VettingQueuePage } from '@turno/contracts';
import { VETTING_MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { VettingScreen } from './VettingScreen';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: false })),
}));
afterEach(cleanup);

const queue: VettingQueuePage = {
  items: [
    {
      id: 7,
      name: 'Carla Documentos',
      submitted_at: '2026-11-20T12:00:00.000Z',
      document_type: 'rg',
      cpf_valid: true,
      resubmitted: false,
    },
  ],
  total: 1,
  nextCursor: null,
};
const detail = (missing: AdminVettingDetail['vetting']['missing'] = []): AdminVettingDetail => ({
  id: 7,
  name: 'Carla Documentos',
  phone: '11912345678',
  address: null,
  cpf: '52998224725',
  cpf_valid: true,
  pix_key: 'carla@pix.example',
  profile_photo_url: '/api/photos/7?v=abcdef12',
  experience_years: 2,
  specialties: [],
  is_approved: false,
  is_available: true,
  created_at: '2026-11-01T12:00:00.000Z',
  vetting: {
    status: 'submitted',
    missing,
    document_type: 'rg',
    documents: [
      {
        kind: 'identity_front',
        content_type: 'application/pdf',
        bytes: 4000,
        uploaded_at: '2026-11-20T11:00:00.000Z',
      },
      {
        kind: 'identity_back',
        content_type: 'image/jpeg',
        bytes: 4000,
        uploaded_at: '2026-11-20T11:00:00.000Z',
      },
      { kind: 'selfie', content_type: 'image/jpeg', bytes: 4000, uploaded_at: '2026-11-20T11:00:00.000Z' },
    ],
    submitted_at: '2026-11-20T12:00:00.000Z',
    reviewed_at: null,
    rejection_reason: null,
    rejection_note: null,
  },
});

function server(review: AdminVettingDetail) {
  const posts: { url: string; body: unknown }[] = [];
  const fetchImpl = (async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url);
    if ((init?.method ?? 'GET') === 'POST') {
      posts.push({ url: path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return path.endsWith('/approve')
        ? answer(200, { id: 7, state: 'approved' })
        : answer(200, { id: 7, status: 'rejected' });
    }
    return path.includes('/vetting/7') ? answer(200, review) : answer(200, queue);
  }) as typeof fetch;
  return { fetchImpl, posts };
}

describe('Análise de cadastro', () => {
  it('opens a submission with the CPF check and the documents, and asks for a correction with a reason', async () => {
    const { fetchImpl, posts } = server(detail());
    render(<VettingScreen fetchImpl={fetchImpl} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Analisar Carla Documentos' }));
    await settle();
    expect(screen.getByTestId('vetting-cpf').textContent).toContain('529.982.247-25');
    expect(
      screen.getByRole('img', { name: 'Selfie segurando o documento de Carla Documentos' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Abrir PDF: Documento (frente)' }).getAttribute('href')).toBe(
      '/bff/admin-ops/api/admin/vetting/7/documents/identity_front',
    );
    fireEvent.change(screen.getByLabelText(VETTING_MESSAGES.rejectReason), {
      target: { value: 'document_expired' },
    });
    fireEvent.change(screen.getByLabelText(new RegExp(VETTING_MESSAGES.rejectNote)), {
      target: { value: 'Vencido em 2024' },
    });
    fireEvent.click(screen.getByRole('button', { name: VETTING_MESSAGES.reject }));
    await settle();
    expect(posts).toEqual([
      {
        url: '/bff/admin-ops/api/admin/vetting/7/reject',
        body: { reason: 'document_expired', note: 'Vencido em 2024' },
      },
    ]);
    expect(screen.getByTestId('vetting-feedback').textContent).toBe(VETTING_MESSAGES.rejected);
  });

  it('offers no "Aprovar" for an incomplete checklist', async () => {
    const { fetchImpl } = server(detail(['selfie']));
    render(<VettingScreen fetchImpl={fetchImpl} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Analisar Carla Documentos' }));
    await settle();
    expect(screen.queryByRole('button', { name: /^Aprovar/ })).toBeNull();
    expect(screen.getByText(VETTING_MESSAGES.incompleteBadge)).toBeTruthy();
  });

  it('approves a complete one', async () => {
    const { fetchImpl, posts } = server(detail());
    render(<VettingScreen fetchImpl={fetchImpl} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Analisar Carla Documentos' }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Aprovar Carla Documentos' }));
    await settle();
    expect(posts.map((post) => post.url)).toEqual(['/bff/admin-ops/api/admin/freelancers/7/approve']);
    expect(screen.getByTestId('vetting-feedback').textContent).toBe(VETTING_MESSAGES.approved);
  });
});
