/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminAuditEventSchema, type AdminAuditEvent, type AdminAuditEventsPage } from '@turno/contracts';
import { answer, settle } from '@turno/ui/testing';
import App from '../App';
import { AuditScreen } from './AuditScreen';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: false })),
}));

const jobEdit: AdminAuditEvent = AdminAuditEventSchema.parse({
  id: 41,
  created_at: '2026-11-23T13:05:00.000Z',
  actor_kind: 'admin',
  actor_id: 1,
  actor_name: 'Admin Turno',
  actor_email: 'admin@turno.local',
  action: 'PUT /api/admin/jobs/:id',
  outcome: 'success',
  status: 200,
  target_type: 'jobs',
  target_id: '12',
  target_name: 'Operador de Caixa · Supermercado Bom Preço',
  request_id: 'req-abc-123',
  before: { 'jobs:12': { start_time: '07:00', charge_cents: 14900, status: 'open' } },
  after: { 'jobs:12': { start_time: '05:30', charge_cents: 19900, status: 'open' } },
  refusal: null,
});
const refusedSignIn: AdminAuditEvent = {
  ...jobEdit,
  id: 40,
  created_at: '2026-11-23T12:00:00.000Z',
  actor_kind: 'anonymous',
  actor_id: null,
  actor_name: null,
  actor_email: null,
  action: 'admin.sign_in',
  outcome: 'refused',
  status: 401,
  target_type: null,
  target_id: null,
  target_name: null,
  request_id: 'req-def-456',
  before: null,
  after: null,
  refusal: 'invalid-credentials',
};
const older: AdminAuditEvent = {
  ...jobEdit,
  id: 39,
  request_id: 'req-older',
  target_id: '11',
  target_name: 'Estoquista · Padaria Pão Dourado',
};

function bff(pages: Record<string, AdminAuditEventsPage>) {
  const urls: string[] = [];
  const fetchImpl = (async (url: RequestInfo | URL) => {
    urls.push(String(url));
    const cursor = new URL(String(url), 'http://x').searchParams.get('cursor');
    return answer(200, pages[cursor ?? 'first']!);
  }) as typeof fetch;
  return { fetchImpl, urls };
}
const actors = [{ id: 1, name: 'Admin Turno', email: 'admin@turno.local' }];

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

describe('Auditoria', () => {
  it("lists when, who (by name), action and record in words, outcome, newest first; the request id in the row's details", async () => {
    const server = bff({
      first: { items: [jobEdit, refusedSignIn], total: 10_000, nextCursor: null, totalCapped: true, actors },
    });
    render(<AuditScreen fetchImpl={server.fetchImpl} />);
    await settle();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('23/11/2026 10:05')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('Admin Turno');
    expect(rows[0]!.textContent).toContain('admin@turno.local');
    expect(rows[0]!.textContent).toContain('Editou vaga');
    expect(rows[0]!.textContent).toContain('Vaga #12');
    expect(rows[0]!.textContent).toContain('Operador de Caixa · Supermercado Bom Preço');
    expect(rows[0]!.textContent).toContain('Concluída');
    expect(rows[0]!.textContent).not.toContain('PUT /api');
    expect(rows[1]!.textContent).toContain('Anônimo');
    expect(rows[1]!.textContent).toContain('Entrada de administrador');
    expect(rows[1]!.textContent).toContain('Recusada (401)');
    // No request-id column (the table fits 1280 px): it is in the row's details.
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Quando',
      'Quem',
      'Ação',
      'Registro',
      'Resultado',
      'Alterações',
    ]);
    fireEvent.click(within(rows[0]!).getByRole('button', { name: /^Ver alterações/ }));
    expect(within(screen.getByRole('dialog')).getByText(/req-abc-123/)).toBeTruthy();
    expect(screen.getByTestId('audit-capped').textContent).toContain('Mais de 10.000 registros');
  });

  it('shows the before → after differences of a row, field by field', async () => {
    const server = bff({
      first: { items: [jobEdit], total: 1, nextCursor: null, totalCapped: false, actors },
    });
    render(<AuditScreen fetchImpl={server.fetchImpl} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /Ver alterações: Editou vaga/ }));
    const dialog = screen.getByRole('dialog');
    const changes = within(dialog).getAllByTestId('audit-change');
    // The status did not change: only start time and price are listed.
    expect(changes.map((row) => row.textContent)).toEqual([
      'Vaga #12Início07:0005:30',
      'Vaga #12ValorR$ 149,00R$ 199,00',
    ]);
    expect(dialog.textContent).toContain('req-abc-123');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends the filters to the server, and the export carries them', async () => {
    const server = bff({
      first: { items: [jobEdit], total: 1, nextCursor: null, totalCapped: false, actors },
    });
    render(<AuditScreen fetchImpl={server.fetchImpl} />);
    await settle();
    fireEvent.change(screen.getByLabelText('Resultado'), { target: { value: 'refused' } });
    fireEvent.change(screen.getByLabelText('Tipo de ação'), { target: { value: 'vagas' } });
    fireEvent.change(screen.getByLabelText('Quem'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('De'), { target: { value: '2026-11-01' } });
    await settle();
    const last = new URL(server.urls[server.urls.length - 1]!, 'http://x').searchParams;
    expect(Object.fromEntries(last)).toEqual({
      outcome: 'refused',
      group: 'vagas',
      actor: '1',
      from: '2026-11-01',
    });
    // "Ação" offers the chosen group's actions only.
    const actions = within(screen.getByLabelText('Ação'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(actions).toEqual(['Qualquer ação', 'Criou vagas', 'Editou vaga', 'Excluiu vaga']);
    const link = screen.getByRole('link', { name: 'Exportar Excel: Auditoria' });
    expect(link.getAttribute('href')).toBe(
      '/bff/admin-ops/api/admin/exports/audit-events.xlsx?from=2026-11-01&actor=1&group=vagas&outcome=refused',
    );
  });

  it('"Carregar mais" reads the next page after the last row', async () => {
    const server = bff({
      first: { items: [jobEdit, refusedSignIn], total: 3, nextCursor: 'WzQwXQ', totalCapped: false, actors },
      WzQwXQ: { items: [older], total: 3, nextCursor: null, totalCapped: false, actors },
    });
    render(<AuditScreen fetchImpl={server.fetchImpl} />);
    await settle();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    });
    await settle();
    expect(screen.getAllByRole('row').slice(1)).toHaveLength(3);
    expect(screen.getByText('Estoquista · Padaria Pão Dourado')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('is the "auditoria" section of the remote', async () => {
    globalThis.fetch = bff({
      first: { items: [], total: 0, nextCursor: null, totalCapped: false, actors },
    }).fetchImpl;
    render(<App section="auditoria" />);
    expect(await screen.findByRole('heading', { name: 'Auditoria' })).toBeTruthy();
    expect(await screen.findByText('Nenhum registro ainda.')).toBeTruthy();
  });
});
