/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminFreelancerSchema, type AdminFreelancer, type AdminFreelancersPage } from '@turno/contracts';
import { MESSAGES, VETTING_MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import App from '../App';
import { FreelancersScreen } from './FreelancersScreen';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: false })),
}));

const ana: AdminFreelancer = AdminFreelancerSchema.parse({
  id: 1,
  user_id: 11,
  name: 'Ana Souza',
  phone: '11912345678',
  address: null,
  cpf: '52998224725',
  pix_key: 'ana@example.com',
  experience_years: 1,
  specialties: ['Operador de Caixa', 'Estoquista', 'Aux de Padaria', 'Cumim / Garçom'],
  profile_photo_url: 'https://example.com/ana.jpg',
  rating: 4.75,
  total_jobs: 12,
  is_approved: true,
  is_available: true,
  approved_at: null,
  created_at: '2026-02-27T10:15:00-03:00',
  vetting_status: 'approved',
  vetting_complete: true,
});
const pedro: AdminFreelancer = {
  ...ana,
  id: 2,
  user_id: 22,
  name: 'Pedro Lima',
  profile_photo_url: null,
  rating: null,
  specialties: [],
  experience_years: 3,
  is_approved: false,
  vetting_status: 'submitted',
};
const page = (items: AdminFreelancer[]): AdminFreelancersPage => ({
  items,
  total: items.length,
  nextCursor: null,
  counts: { all: 2, pending: 1, approved: 1, rejected: 0 },
});

interface Call {
  method: string;
  url: string;
  body: unknown;
}
function bff(writes: Response[]) {
  const calls: Call[] = [];
  const fetchImpl = (async (url: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'GET') return answer(200, page([pedro, ana]));
    const next = writes.shift();
    if (!next) throw new Error(`unexpected ${method} ${String(url)}`);
    return next;
  }) as typeof fetch;
  return { fetchImpl, writes: () => calls.filter((c) => c.method !== 'GET') };
}
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const feedback = () => screen.getByTestId('action-feedback').textContent;

afterEach(cleanup);

describe('Freelancers tab', () => {
  it('shows photo or "SEM FOTO", rating, jobs, contact, experience, two specialties and +N, status', async () => {
    const server = bff([]);
    render(<FreelancersScreen fetchImpl={server.fetchImpl} />);
    await settle();
    expect(screen.getByRole('group', { name: 'Freelancers por situação' }).textContent).toBe(
      'Total2Pendentes1Aprovados1Rejeitados0',
    );
    const anaRow = rowOf('Ana Souza');
    expect(within(anaRow).getByRole('img', { name: 'Foto de Ana Souza' })).toBeTruthy();
    expect(anaRow.textContent).toContain('★ 4,8');
    expect(anaRow.textContent).toContain('(11) 91234-5678');
    expect(anaRow.textContent).toContain('1 ano');
    expect(anaRow.textContent).toContain('Operador de CaixaEstoquista+2');
    expect(anaRow.textContent).toContain('Aprovado');
    expect(within(anaRow).queryByRole('button', { name: /^Aprovar/ })).toBeNull();
    const pedroRow = rowOf('Pedro Lima');
    expect(pedroRow.textContent).toContain('SEM FOTO');
    expect(pedroRow.textContent).toContain('Sem avaliações');
    expect(pedroRow.textContent).toContain('Pendente');
    expect(pedroRow.textContent).toContain('Em análise');
  });

  it('offers no "Aprovar" for a pending freelancer whose checklist is incomplete (issue 27)', async () => {
    const incomplete: AdminFreelancer = { ...pedro, vetting_status: 'incomplete', vetting_complete: false };
    const fetchImpl = (async () => answer(200, page([incomplete, ana]))) as typeof fetch;
    render(<FreelancersScreen fetchImpl={fetchImpl} />);
    await settle();
    const row = rowOf('Pedro Lima');
    expect(row.textContent).toContain(VETTING_MESSAGES.incompleteBadge);
    expect(within(row).queryByRole('button', { name: /^Aprovar/ })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Rejeitar Pedro Lima' })).toBeTruthy();
  });

  it('approves a pending freelancer and asks before rejecting', async () => {
    const server = bff([
      answer(200, { id: 2, state: 'approved' }),
      answer(200, { id: 2, state: 'rejected' }),
    ]);
    render(<FreelancersScreen fetchImpl={server.fetchImpl} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Aprovar Pedro Lima' }));
    await settle();
    expect(feedback()).toContain(MESSAGES.freelancers.approved);
    fireEvent.click(screen.getByRole('button', { name: 'Rejeitar Pedro Lima' }));
    const dialog = screen.getByRole('dialog', { name: 'Rejeitar Pedro Lima' });
    expect(dialog.textContent).toContain(MESSAGES.confirmations.rejectFreelancer);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rejeitar' }));
    await settle();
    expect(server.writes().map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /bff/admin-ops/api/admin/freelancers/2/approve',
      'POST /bff/admin-ops/api/admin/freelancers/2/reject',
    ]);
    expect(feedback()).toContain(MESSAGES.freelancers.rejected);
  });

  it('creates a freelancer: name, CPF and PIX key required, experience 0–50, a placeholder e-mail', async () => {
    const server = bff([answer(201, { freelancerId: 3 })]);
    render(<FreelancersScreen fetchImpl={server.fetchImpl} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Novo Freelancer' }));
    const dialog = screen.getByRole('dialog', { name: 'Novo Freelancer' });
    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Lia Prado' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar Freelancer' }));
    expect(within(dialog).getByText(MESSAGES.freelancers.requiredFields)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('CPF'), { target: { value: '52998224725' } });
    fireEvent.change(within(dialog).getByLabelText('Chave PIX'), { target: { value: 'lia@example.com' } });
    fireEvent.change(within(dialog).getByLabelText('Anos de experiência'), { target: { value: '51' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar Freelancer' }));
    expect(within(dialog).getByText(MESSAGES.validation.experienceYearsOutOfRange)).toBeTruthy();
    expect(server.writes()).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Anos de experiência'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByLabelText('Estoquista'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar Freelancer' }));
    await settle();
    const [post] = server.writes();
    expect(post).toMatchObject({
      method: 'POST',
      url: '/bff/admin-ops/api/admin/freelancers',
      body: {
        name: 'Lia Prado',
        cpf: '52998224725',
        pix_key: 'lia@example.com',
        phone: null,
        address: null,
        experience_years: 2,
        specialties: ['Estoquista'],
      },
    });
    expect((post?.body as { email: string }).email).toMatch(/^freelancer\.\d+@temporario\.turno\.app$/);
    expect(feedback()).toContain(MESSAGES.freelancers.created);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('edits with PUT and keeps a refusal in the dialog', async () => {
    const server = bff([answer(400, { error: MESSAGES.validation.invalidCpf })]);
    render(<FreelancersScreen fetchImpl={server.fetchImpl} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Editar Ana Souza' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Freelancer' });
    // Stored legacy specialties stay listed and checked.
    expect((within(dialog).getByLabelText('Cumim / Garçom') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await settle();
    expect(server.writes()[0]).toMatchObject({
      method: 'PUT',
      url: '/bff/admin-ops/api/admin/freelancers/1',
    });
    expect(within(screen.getByRole('dialog')).getByText(MESSAGES.validation.invalidCpf)).toBeTruthy();
  });

  it('deletes after CONFIRMAR and says what happened', async () => {
    const server = bff([
      answer(200, { id: 1, outcome: 'deleted', message: MESSAGES.deletion.freelancerDeleted }),
    ]);
    render(<FreelancersScreen fetchImpl={server.fetchImpl} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Excluir Ana Souza' }));
    const dialog = screen.getByRole('dialog', { name: 'Excluir Ana Souza' });
    expect(dialog.textContent).toContain(MESSAGES.confirmations.deleteFreelancer);
    fireEvent.change(within(dialog).getByLabelText('Digite CONFIRMAR para confirmar a exclusão.'), {
      target: { value: 'CONFIRMAR' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await settle();
    expect(server.writes().map((c) => `${c.method} ${c.url}`)).toEqual([
      'DELETE /bff/admin-ops/api/admin/freelancers/1',
    ]);
    expect(feedback()).toContain(MESSAGES.deletion.freelancerDeleted);
  });

  it('is the "Freelancers" tab of the admin shell', async () => {
    globalThis.fetch ??= (() => Promise.reject(new Error('no fetch in jsdom'))) as typeof fetch;
    const spy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(answer(200, page([])));
    render(<App section="freelancers" />);
    await settle();
    expect(screen.getByRole('heading', { name: 'Freelancers' })).toBeTruthy();
    expect(spy).toHaveBeenCalledWith('/bff/admin-ops/api/admin/freelancers', expect.anything());
    spy.mockRestore();
  });
});
