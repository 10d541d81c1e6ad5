import fc from 'fast-check';
import {
  canApproveCheckIn,
  canApproveCheckOut,
  canManualCheckIn,
  canManualCheckOut,
  freelancerShiftBadge,
  hasPendingAction,
  jobDisplayState,
  type JobProgress,
} from './job-display';

const assigned: JobProgress = {
  status: 'assigned',
  is_assigned: true,
  assignment_status: 'assigned',
  on_the_way_time: null,
  freelancer_checkin_request_time: null,
  check_in_time: null,
  freelancer_checkout_request_time: null,
  check_out_time: null,
};
const T = '2026-11-22T13:05:00Z'; // 10:05 in Sao Paulo

describe('jobDisplayState', () => {
  it('open, unassigned job → Aberta', () => {
    expect(jobDisplayState({ status: 'open', is_assigned: false })).toBe('Aberta');
    expect(jobDisplayState({ status: 'open' })).toBe('Aberta');
  });

  it('assigned, nothing else yet → Alocada', () => {
    expect(jobDisplayState(assigned)).toBe('Alocada');
    expect(jobDisplayState({ status: 'assigned' })).toBe('Alocada');
  });

  it('on the way → A Caminho (HH:MM) in Sao Paulo time', () => {
    expect(jobDisplayState({ ...assigned, on_the_way_time: T })).toBe('A Caminho (10:05)');
    expect(jobDisplayState({ ...assigned, on_the_way_time: new Date('2026-11-23T02:30:00Z') })).toBe(
      'A Caminho (23:30)',
    );
    expect(jobDisplayState({ ...assigned, on_the_way_time: '2026-11-22 13:05:00' })).toBe(
      'A Caminho (10:05)',
    );
    expect(jobDisplayState({ ...assigned, on_the_way_time: 'garbage' })).toBe('A Caminho');
  });

  it('check-in requested → Aguardando Aprovação Check-in (over on the way)', () => {
    expect(jobDisplayState({ ...assigned, on_the_way_time: T, freelancer_checkin_request_time: T })).toBe(
      'Aguardando Aprovação Check-in',
    );
  });

  it('checked in → Em Andamento (over the request and on the way)', () => {
    expect(
      jobDisplayState({
        ...assigned,
        on_the_way_time: T,
        freelancer_checkin_request_time: T,
        check_in_time: T,
        assignment_status: 'in_progress',
      }),
    ).toBe('Em Andamento');
    expect(jobDisplayState({ ...assigned, check_in_time: T })).toBe('Em Andamento');
  });

  it('check-out requested without check-out → Aguardando Aprovação Check-out (over checked in)', () => {
    expect(jobDisplayState({ ...assigned, check_in_time: T, freelancer_checkout_request_time: T })).toBe(
      'Aguardando Aprovação Check-out',
    );
  });

  it('completed → Concluída (over everything)', () => {
    expect(
      jobDisplayState({
        ...assigned,
        status: 'completed',
        assignment_status: 'completed',
        check_in_time: T,
        freelancer_checkout_request_time: T,
        check_out_time: T,
      }),
    ).toBe('Concluída');
    expect(jobDisplayState({ ...assigned, assignment_status: 'completed' })).toBe('Concluída');
    expect(jobDisplayState({ ...assigned, status: 'completed', freelancer_checkout_request_time: T })).toBe(
      'Concluída',
    );
  });

  it('cancelled → Cancelada', () => {
    expect(jobDisplayState({ status: 'cancelled', is_assigned: false })).toBe('Cancelada');
  });

  it('treats empty strings as absent', () => {
    expect(jobDisplayState({ ...assigned, on_the_way_time: '', check_in_time: '' })).toBe('Alocada');
  });
});

describe('hasPendingAction', () => {
  it('is true for a check-in request without check-in', () => {
    expect(hasPendingAction({ ...assigned, freelancer_checkin_request_time: T })).toBe(true);
  });

  it('is true for a check-out request without check-out', () => {
    expect(hasPendingAction({ ...assigned, check_in_time: T, freelancer_checkout_request_time: T })).toBe(
      true,
    );
  });

  it('is false otherwise', () => {
    expect(hasPendingAction(assigned)).toBe(false);
    expect(hasPendingAction({ ...assigned, on_the_way_time: T })).toBe(false);
    expect(hasPendingAction({ ...assigned, freelancer_checkin_request_time: T, check_in_time: T })).toBe(
      false,
    );
    expect(
      hasPendingAction({
        ...assigned,
        status: 'completed',
        check_in_time: T,
        freelancer_checkout_request_time: T,
        check_out_time: T,
      }),
    ).toBe(false);
  });
});

describe('admin actions', () => {
  it('approve check-in while requested and not checked in', () => {
    expect(canApproveCheckIn({ ...assigned, freelancer_checkin_request_time: T })).toBe(true);
    expect(canApproveCheckIn(assigned)).toBe(false);
    expect(canApproveCheckIn({ ...assigned, freelancer_checkin_request_time: T, check_in_time: T })).toBe(
      false,
    );
  });

  it('manual check-in when assigned and not checked in', () => {
    expect(canManualCheckIn(assigned)).toBe(true);
    expect(canManualCheckIn({ status: 'open', is_assigned: false })).toBe(false);
    expect(canManualCheckIn({ ...assigned, check_in_time: T })).toBe(false);
  });

  it('approve check-out needs a request, a check-in and no check-out', () => {
    expect(canApproveCheckOut({ ...assigned, check_in_time: T, freelancer_checkout_request_time: T })).toBe(
      true,
    );
    expect(canApproveCheckOut({ ...assigned, freelancer_checkout_request_time: T })).toBe(false);
    expect(canApproveCheckOut({ ...assigned, check_in_time: T })).toBe(false);
  });

  it('manual check-out when checked in and not checked out', () => {
    expect(canManualCheckOut({ ...assigned, check_in_time: T })).toBe(true);
    expect(canManualCheckOut(assigned)).toBe(false);
    expect(canManualCheckOut({ ...assigned, status: 'completed', check_in_time: T, check_out_time: T })).toBe(
      false,
    );
  });
});

describe('freelancerShiftBadge', () => {
  it('follows the flow', () => {
    expect(freelancerShiftBadge(assigned)).toBe('Alocado');
    expect(freelancerShiftBadge({ ...assigned, on_the_way_time: T })).toBe('A caminho');
    expect(
      freelancerShiftBadge({ ...assigned, on_the_way_time: T, freelancer_checkin_request_time: T }),
    ).toBe('Check-in solicitado');
    expect(freelancerShiftBadge({ ...assigned, check_in_time: T })).toBe('Em trabalho');
    expect(freelancerShiftBadge({ ...assigned, check_in_time: T, freelancer_checkout_request_time: T })).toBe(
      'Check-out solicitado',
    );
    expect(freelancerShiftBadge({ ...assigned, status: 'completed', check_out_time: T })).toBe('Concluído');
  });
});

describe('properties', () => {
  const maybeTime = fc.constantFrom(null, T);
  const assignedJob = fc.record({
    on_the_way_time: maybeTime,
    freelancer_checkin_request_time: maybeTime,
    check_in_time: maybeTime,
    freelancer_checkout_request_time: maybeTime,
    check_out_time: maybeTime,
  });

  it('an assigned job is never Aberta, and every Aguardando label is a pending action', () => {
    fc.assert(
      fc.property(assignedJob, (times) => {
        const job: JobProgress = {
          status: 'assigned',
          is_assigned: true,
          assignment_status: 'assigned',
          ...times,
        };
        const state = jobDisplayState(job);
        if (state === 'Aberta') return false;
        if (state.startsWith('Aguardando')) return hasPendingAction(job);
        return true;
      }),
    );
  });
});
