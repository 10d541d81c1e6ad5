/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SHIFT_CONFIRMATION_MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { routedBff } from '../testing/routed-bff';
import { ShiftConfirmationSetting } from './ShiftConfirmationSetting';

const URL = '/bff/restaurant/api/restaurant/shift-confirmation-settings';

afterEach(cleanup);

it('reads "Liberar automaticamente turnos não confirmados" and saves it when changed', async () => {
  const bff = routedBff({
    [`GET ${URL}`]: answer(200, { autoReleaseUnconfirmed: false }),
    [`PUT ${URL}`]: answer(200, { autoReleaseUnconfirmed: true }),
  });
  render(<ShiftConfirmationSetting fetchImpl={bff.fetchImpl} />);
  await settle();
  const box = screen.getByRole('checkbox', { name: SHIFT_CONFIRMATION_MESSAGES.autoReleaseLabel });
  expect((box as HTMLInputElement).checked).toBe(false);
  fireEvent.click(box);
  await settle();
  expect(bff.requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([
    { autoReleaseUnconfirmed: true },
  ]);
  expect((box as HTMLInputElement).checked).toBe(true);
  expect(screen.getByRole('status').textContent).toBe(SHIFT_CONFIRMATION_MESSAGES.autoReleaseSaved);
});
