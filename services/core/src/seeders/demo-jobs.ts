import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, billingWeek, saoPauloDate, type JobStatus, type PositionType } from '@turno/domain';
import { Assignment } from '../model';
import { completedShiftPlan } from './demo-completed-shifts';
import { DemoJobsBuilder, type SeededWork, type ShiftStage } from './demo-jobs-builder';
import type { DemoPeopleWithStores, FreelancerKey, RestaurantKey } from './demo-people';
import { plusMinutes, shiftAround, shiftOn } from './demo-shifts';

/** Allocated shifts of the main demo restaurant, one per stage of the shift flow, around now. */
const STAGED_SHIFTS: {
  stage: Exclude<ShiftStage, 'completed'>;
  freelancer: FreelancerKey;
  position: PositionType;
  startsInMinutes: number;
  hours: number;
  assignedByAdmin?: boolean;
}[] = [
  {
    stage: 'assigned',
    freelancer: 'bruno',
    position: 'Empacotador/Embalador',
    startsInMinutes: 300,
    hours: 6,
  },
  { stage: 'on_the_way', freelancer: 'ana', position: 'Operador de Caixa', startsInMinutes: 60, hours: 8.33 },
  {
    stage: 'checkin_requested',
    freelancer: 'diego',
    position: 'Aux de Açougueiro',
    startsInMinutes: -10,
    hours: 6,
  },
  { stage: 'in_progress', freelancer: 'eduarda', position: 'Estoquista', startsInMinutes: -120, hours: 10 },
  {
    stage: 'checkout_requested',
    freelancer: 'carla',
    position: 'Atendentes de Loja',
    startsInMinutes: -375,
    hours: 6,
    assignedByAdmin: true,
  },
];

type ApplicationSpec = [FreelancerKey, 'pending' | 'expired' | 'rejected', minutesAgo: number];

/** Vacancies without a current assignment (open or cancelled), `inDays` days from today. */
const UNASSIGNED_JOBS: {
  restaurant: RestaurantKey;
  position: PositionType;
  inDays: number;
  start: string;
  hours: number;
  status: Extract<JobStatus, 'open' | 'cancelled'>;
  createdByAdmin?: boolean;
  applications?: ApplicationSpec[];
  /** The freelancer was allocated and then unassigned (a cancelled assignment). */
  unassigned?: FreelancerKey;
}[] = [
  {
    restaurant: 'bomPreco',
    position: 'Operador de Caixa',
    inDays: 1,
    start: '08:00',
    hours: 6,
    status: 'open',
    applications: [
      ['bruno', 'pending', 30],
      ['eduarda', 'pending', 50],
      ['ana', 'expired', 300],
    ],
  },
  {
    restaurant: 'bomPreco',
    position: 'Estoquista',
    inDays: 2,
    start: '14:00',
    hours: 8.33,
    status: 'open',
    applications: [
      ['ana', 'pending', 20],
      ['diego', 'rejected', 240],
    ],
  },
  {
    restaurant: 'bomPreco',
    position: 'Atendentes de Loja',
    inDays: 2,
    start: '10:00',
    hours: 6,
    status: 'open',
    applications: [['diego', 'rejected', 200]],
    unassigned: 'diego',
  },
  {
    restaurant: 'bomPreco',
    position: 'Empacotador/Embalador',
    inDays: 3,
    start: '16:00',
    hours: 10,
    status: 'open',
    createdByAdmin: true,
  },
  { restaurant: 'bomPreco', position: 'Aux de Padaria', inDays: 4, start: '18:00', hours: 6, status: 'open' },
  {
    restaurant: 'bomPreco',
    position: 'Ajudante de Limpeza',
    inDays: 5,
    start: '07:00',
    hours: 8.33,
    status: 'open',
  },
  {
    restaurant: 'bomPreco',
    position: 'Estoquista',
    inDays: 1,
    start: '13:00',
    hours: 6,
    status: 'cancelled',
  },
  {
    restaurant: 'hortifruti',
    position: 'Atendentes de Loja',
    inDays: 1,
    start: '07:00',
    hours: 6,
    status: 'open',
  },
  {
    restaurant: 'hortifruti',
    position: 'Empacotador/Embalador',
    inDays: 3,
    start: '09:00',
    hours: 8.33,
    status: 'open',
  },
  { restaurant: 'padaria', position: 'Aux de Padaria', inDays: 2, start: '05:00', hours: 6, status: 'open' },
];

/**
 * Jobs in every status at the demo restaurants, with applications, assignments at every stage
 * of the shift flow (relative to `now`), completed shifts and ratings in both directions.
 */
export function seedDemoJobs(em: EntityManager, people: DemoPeopleWithStores, now: Date): SeededWork {
  const build = new DemoJobsBuilder(em, people, now);
  const today = saoPauloDate(now);

  for (const spec of STAGED_SHIFTS) {
    const shift = shiftAround(now, spec.startsInMinutes, spec.hours);
    const job = build.job({
      restaurant: 'bomPreco',
      position: spec.position,
      shift,
      status: 'assigned',
      createdByAdmin: spec.assignedByAdmin,
    });
    build.assignment(job, spec.freelancer, spec.stage, shift, spec.assignedByAdmin);
  }

  for (const spec of UNASSIGNED_JOBS) {
    const shift = shiftOn(addDays(today, spec.inDays), spec.start, spec.hours);
    const job = build.job({ ...spec, shift });
    for (const [freelancer, status, minutesAgo] of spec.applications ?? []) {
      build.application(job, freelancer, status, minutesAgo);
    }
    if (spec.unassigned) {
      const freelancer = people.freelancers[spec.unassigned];
      em.create(Assignment, { job, freelancer, status: 'cancelled', createdAt: plusMinutes(now, -190) });
    }
  }

  // A vacancy of last week that was cancelled.
  const lastWednesday = addDays(billingWeek(now, -1).weekStart, 2);
  build.job({
    restaurant: 'hortifruti',
    position: 'Ajudante de Limpeza',
    shift: shiftOn(lastWednesday, '07:00', 6),
    status: 'cancelled',
  });

  for (const spec of completedShiftPlan(now)) build.completedShift(spec);
  return { completed: build.completed };
}
