/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { type BlockedFreelancerList, type PickableFreelancerList } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { routedBff } from '../testing/routed-bff';
import { BLOCKS_URL, BlocksScreen, PICKABLE_URL } from './BlocksScreen';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: true })),
}));

const blocked: BlockedFreelancerList = {
  items: [
    {
      id: 3,
      freelancer_id: 30,
      freelancer_name: 'Pedro Henrique Lima',
      freelancer_phone: '11912345678',
      block_reason: 'Faltou sem avisar',
      created_at: '2026-11-20T15:00:00.000Z',
      blocked_by: 'restaurant',
    },
    {
      id: 2,
      freelancer_id: 20,
      freelancer_name: 'Carlos Admin',
      freelancer_phone: null,
      block_reason: null,
      created_at: '2026-11-18T15:00:00.000Z',
      blocked_by: 'admin',
    },
  ],
  total: 2,
};
const pickable: PickableFreelancerList = {
  items: [{ id: 9, name: 'Ana Souza', phone: '11987654321', is_approved: true }],
  total: 1,
};

afterEach(cleanup);

function blocks(routes: Record<string, Response | Response[]> = {}) {
  const bff = routedBff({
    [`GET ${BLOCKS_URL}`]: answer(200, blocked),
    [`GET ${PICKABLE_URL}`]: answer(200, pickable),
    ...routes,
  });
  render(<BlocksScreen fetchImpl={bff.fetchImpl} />);
  return bff;
}

describe('Bloqueios', () => {
  it('lists the blocks with name, phone, reason and date; admin blocks cannot be removed here', async () => {
    blocks();
    await settle();
    const items = within(screen.getByRole('list', { name: 'Freelancers bloqueados' })).getAllByRole(
      'listitem',
    );
    expect(items[0]!.textContent).toContain('Pedro Henrique Lima');
    expect(items[0]!.textContent).toContain('(11) 91234-5678');
    expect(items[0]!.textContent).toContain('Faltou sem avisar');
    expect(items[0]!.textContent).toContain('20/11/2026');
    expect(within(items[1]!).queryByRole('button')).toBeNull();
    expect(items[1]!.textContent).toContain('Bloqueio feito pela administração');
  });

  it('blocks through the dialog: freelancer required, reason optional', async () => {
    const bff = blocks({
      'POST /bff/restaurant/api/restaurant/block-freelancer': [
        answer(500, {}),
        answer(201, { blockId: 4, freelancerId: 9, rejectedApplications: 1 }),
      ],
    });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Bloquear freelancer' }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Bloquear freelancer' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bloquear' }));
    expect(dialog.textContent).toContain(MESSAGES.blocks.selectFreelancer);
    expect(bff.requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByRole('combobox', { name: /Freelancer/ }), {
      target: { value: '9' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo/ }), {
      target: { value: ' Atrasos ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bloquear' }));
    await settle();
    expect(within(dialog).getByTestId('block-error').textContent).toBe(MESSAGES.blocks.blockFailed);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bloquear' }));
    await settle();
    expect(bff.requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({
      freelancerId: 9,
      blockReason: 'Atrasos',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('blocks-message').textContent).toBe(MESSAGES.blocks.blocked);
  });

  it('unblocks only after confirmation, and says why it failed', async () => {
    const bff = blocks({
      'POST /bff/restaurant/api/restaurant/unblock-freelancer': [
        answer(404, { error: MESSAGES.blocks.notFound }),
        answer(200, { blockId: 3, removed: true }),
      ],
    });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Desbloquear Pedro Henrique Lima' }));
    const confirm = screen.getByRole('dialog', { name: 'Desbloquear freelancer' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(bff.requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Desbloquear Pedro Henrique Lima' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Desbloquear' }));
    await settle();
    expect(screen.getByTestId('blocks-message').textContent).toBe(MESSAGES.blocks.notFound);
    fireEvent.click(screen.getByRole('button', { name: 'Desbloquear Pedro Henrique Lima' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Desbloquear' }));
    await settle();
    expect(bff.requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({ freelancerId: 30 });
    expect(screen.getByTestId('blocks-message').textContent).toBe(MESSAGES.blocks.removed);
  });
});
