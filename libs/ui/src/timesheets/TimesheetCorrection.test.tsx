/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MESSAGES } from '@turno/domain';
import { TimesheetCorrection } from './TimesheetCorrection';
import { answer, settle } from '../testing';

const TEXT = MESSAGES.timesheets;
const SHIFT = { date: '2026-12-02', start: '10:00', end: '18:00' };
/** 10:00 and 18:00 in Sao Paulo (UTC−3). */
const CHECK_IN = '2026-12-02T13:00:00.000Z';
const CHECK_OUT = '2026-12-02T21:00:00.000Z';
const API = '/bff/restaurant/api/restaurant';

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** A BFF answering GETs of the proposal list from `lists` (one per load) and every POST with `posted`. */
function bff(lists: unknown[][], posted: unknown) {
  const calls: Call[] = [];
  globalThis.fetch = (async (url: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ url: String(url), method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'GET') return answer(200, lists.length > 1 ? lists.shift() : lists[0]);
    return answer(201, posted);
  }) as typeof fetch;
  return calls;
}

const state = (status: string, proposedBy = 'restaurant') => ({
  proposalId: 7,
  assignmentId: 3,
  status,
  proposedBy,
  checkInAt: CHECK_IN,
  checkOutAt: '2026-12-02T17:00:00.000Z',
  answerDeadline: '2026-12-03T21:30:00.000Z',
  decision: null,
});
const proposal = (status: string, proposedBy: string) => ({
  ...state(status, proposedBy),
  reason: 'Saiu às 14h',
  createdAt: '2026-12-02T21:30:00.000Z',
  disputeReason: null,
  decisionNote: null,
});

const panel = (now: string, side: 'freelancer' | 'restaurant' = 'restaurant') =>
  render(
    <TimesheetCorrection
      apiBase={API}
      side={side}
      assignmentId={3}
      shift={SHIFT}
      checkInAt={CHECK_IN}
      checkOutAt={CHECK_OUT}
      now={new Date(now)}
    />,
  );

afterEach(cleanup);

describe('TimesheetCorrection', () => {
  it('proposes corrected times read in Sao Paulo time, whatever the browser zone, with the worked time', async () => {
    const calls = bff([[], [proposal('pending', 'restaurant')]], state('pending'));
    panel('2026-12-02T22:00:00Z');
    await settle();
    fireEvent.click(screen.getByRole('button', { name: TEXT.proposeButton }));
    const checkOut = screen.getByLabelText(TEXT.checkOutLabel) as HTMLInputElement;
    expect((screen.getByLabelText(TEXT.checkInLabel) as HTMLInputElement).value).toBe('2026-12-02T10:00');
    expect(checkOut.value).toBe('2026-12-02T18:00');
    fireEvent.change(checkOut, { target: { value: '2026-12-02T14:00' } });
    expect(screen.getByText(TEXT.workedPreview('4h00min'), { exact: false })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(TEXT.reasonLabel, { exact: false }), {
      target: { value: 'Saiu às 14h' },
    });
    fireEvent.click(screen.getByRole('button', { name: TEXT.send }));
    await settle();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      url: `${API}/assignments/3/timesheet`,
      method: 'POST',
      body: { checkInAt: CHECK_IN, checkOutAt: '2026-12-02T17:00:00.000Z', reason: 'Saiu às 14h' },
    });
    expect(screen.getByText(TEXT.proposed)).toBeTruthy();
    expect(screen.getByText(TEXT.waitingOther('03/12/2026 18:30'))).toBeTruthy();
  });

  it("answers the other side's proposal: accept, or dispute with a reason", async () => {
    const calls = bff([[proposal('pending', 'freelancer')]], state('accepted', 'freelancer'));
    panel('2026-12-02T22:00:00Z');
    await settle();
    expect(screen.queryByRole('button', { name: TEXT.proposeButton })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: TEXT.dispute }));
    fireEvent.change(screen.getByLabelText(TEXT.disputeReasonLabel, { exact: false }), {
      target: { value: 'Ficou até as 18h' },
    });
    fireEvent.click(screen.getByRole('button', { name: TEXT.sendDispute }));
    await settle();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        url: `${API}/timesheets/7/answer`,
        method: 'POST',
        body: { accept: false, disputeReason: 'Ficou até as 18h' },
      },
    ]);
  });

  it('says when the 48 h to correct have passed and offers nothing', async () => {
    bff([[]], null);
    panel('2026-12-04T21:00:01Z');
    await settle();
    expect(screen.queryByRole('button', { name: TEXT.proposeButton })).toBeNull();
    expect(screen.getByText(TEXT.windowClosedAt('04/12/2026 18:00'))).toBeTruthy();
  });
});
