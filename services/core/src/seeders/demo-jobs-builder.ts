import type { EntityManager } from '@mikro-orm/postgresql';
import { applicationExpiresAt, type JobStatus, type PositionType } from '@turno/domain';
import { Application, Assignment, Job, Rating, type Freelancer } from '../model';
import type { DemoPeopleWithStores, FreelancerKey, RestaurantKey } from './demo-people';
import { earliest, plusMinutes, type DemoShift } from './demo-shifts';

/** The progress of an allocated shift, in the order the spec's shift flow goes through it. */
export type ShiftStage =
  'assigned' | 'on_the_way' | 'checkin_requested' | 'in_progress' | 'checkout_requested' | 'completed';

const STAGES: ShiftStage[] = [
  'assigned',
  'on_the_way',
  'checkin_requested',
  'in_progress',
  'checkout_requested',
  'completed',
];

const DESCRIPTIONS: Record<PositionType, string> = {
  'Operador de Caixa': 'Atendimento no caixa, registro de compras e fechamento do caixa ao fim do turno.',
  'Empacotador/Embalador': 'Empacotar compras nos caixas e ajudar clientes a levar as sacolas.',
  'Atendentes de Loja': 'Orientar clientes nos corredores e organizar as gôndolas.',
  'Ajudante de Limpeza': 'Limpeza de corredores, banheiros e área de descarga.',
  Estoquista: 'Receber mercadorias, conferir notas e abastecer as prateleiras.',
  'Aux de Açougueiro': 'Apoio no balcão de carnes: porcionar, embalar e etiquetar.',
  'Aux de Padaria': 'Apoio na produção de pães e no atendimento do balcão da padaria.',
};
const ATTIRE = 'Calça preta, sapato fechado e camiseta lisa (o avental é fornecido).';

export interface JobSpec {
  restaurant: RestaurantKey;
  position: PositionType;
  shift: DemoShift;
  status: JobStatus;
  createdByAdmin?: boolean;
}

interface RatingSpec {
  stars: number;
  comment?: string;
}

export interface CompletedSpec {
  restaurant: RestaurantKey;
  freelancer: FreelancerKey;
  position: PositionType;
  shift: DemoShift;
  /** The restaurant rates the freelancer. */
  byRestaurant?: RatingSpec;
  /** The freelancer rates the restaurant. */
  byFreelancer?: RatingSpec;
}

/** What the jobs seeder made that the invoices seeder needs. */
export interface SeededWork {
  completed: { assignment: Assignment; job: Job; freelancer: Freelancer; restaurant: RestaurantKey }[];
}

/** Creates jobs, applications, assignments and ratings consistent with one another and with `now`. */
export class DemoJobsBuilder {
  readonly completed: SeededWork['completed'] = [];

  constructor(
    private readonly em: EntityManager,
    private readonly people: DemoPeopleWithStores,
    private readonly now: Date,
  ) {}

  job(spec: JobSpec): Job {
    const { shift } = spec;
    return this.em.create(Job, {
      restaurant: this.people.restaurants[spec.restaurant],
      store: this.people.stores[spec.restaurant],
      title: spec.position,
      positionType: spec.position,
      description: DESCRIPTIONS[spec.position],
      dateNeeded: shift.date,
      startTime: shift.start,
      endTime: shift.end,
      workloadMinutes: shift.minutes,
      chargeCents: shift.amounts.chargeCents,
      mealTime: shift.mealTime,
      recommendedAttire: ATTIRE,
      status: spec.status,
      createdByAdmin: spec.createdByAdmin ?? false,
      createdAt: this.postedAt(shift),
    });
  }

  /** Posted two days before the shift, and at least three hours before now. */
  private postedAt(shift: DemoShift): Date {
    return earliest(plusMinutes(shift.startsAt, -2 * 24 * 60), plusMinutes(this.now, -180));
  }

  application(
    job: Job,
    freelancer: FreelancerKey,
    status: 'pending' | 'expired' | 'rejected',
    minutesAgo: number,
  ): Application {
    const appliedAt = plusMinutes(this.now, -minutesAgo);
    return this.em.create(Application, {
      job,
      freelancer: this.people.freelancers[freelancer],
      status,
      message:
        status === 'pending'
          ? 'Tenho experiência na função e moro perto. Posso chegar 15 minutos antes.'
          : null,
      appliedAt,
      expiresAt: applicationExpiresAt(appliedAt),
      reviewedAt: status === 'rejected' ? plusMinutes(appliedAt, 30) : null,
    });
  }

  /** An accepted application (one hour after the job was posted), reviewed half an hour later. */
  private acceptedApplication(job: Job, freelancer: Freelancer): Date {
    const appliedAt = plusMinutes(job.createdAt, 60);
    const reviewedAt = plusMinutes(appliedAt, 30);
    this.em.create(Application, {
      job,
      freelancer,
      status: 'accepted',
      message: 'Disponível para o turno completo.',
      appliedAt,
      expiresAt: applicationExpiresAt(appliedAt),
      reviewedAt,
    });
    return reviewedAt;
  }

  /**
   * Allocates `freelancer` to `job` (through an accepted application, or directly by an admin)
   * and fills the shift-flow timestamps up to `stage`.
   */
  assignment(
    job: Job,
    freelancerKey: FreelancerKey,
    stage: ShiftStage,
    shift: DemoShift,
    viaAdmin = false,
  ): Assignment {
    const freelancer = this.people.freelancers[freelancerKey];
    const assignedAt = viaAdmin ? plusMinutes(job.createdAt, 30) : this.acceptedApplication(job, freelancer);
    const reached = (step: ShiftStage) => STAGES.indexOf(stage) >= STAGES.indexOf(step);
    const nowOr = (instant: Date) => earliest(instant, plusMinutes(this.now, -1));
    const checkOutAt = plusMinutes(shift.endsAt, 10);
    const completed = stage === 'completed';
    return this.em.create(Assignment, {
      job,
      freelancer,
      status: completed ? 'completed' : reached('in_progress') ? 'in_progress' : 'assigned',
      onTheWayAt: reached('on_the_way') ? nowOr(plusMinutes(shift.startsAt, -40)) : null,
      checkinRequestedAt: reached('checkin_requested') ? nowOr(plusMinutes(shift.startsAt, -5)) : null,
      checkInAt: reached('in_progress') ? nowOr(plusMinutes(shift.startsAt, 3)) : null,
      checkoutRequestedAt: reached('checkout_requested') ? nowOr(shift.endsAt) : null,
      checkOutAt: completed ? checkOutAt : null,
      restaurantChargeCents: completed ? shift.amounts.chargeCents : null,
      freelancerPayoutCents: completed ? shift.amounts.payoutCents : null,
      commissionCents: completed ? shift.amounts.commissionCents : null,
      completedAt: completed ? checkOutAt : null,
      createdAt: assignedAt,
    });
  }

  completedShift(spec: CompletedSpec): void {
    const job = this.job({
      restaurant: spec.restaurant,
      position: spec.position,
      shift: spec.shift,
      status: 'completed',
    });
    const assignment = this.assignment(job, spec.freelancer, 'completed', spec.shift);
    const ratedAt = plusMinutes(spec.shift.endsAt, 90);
    if (spec.byRestaurant) this.rating(assignment, 'restaurant', spec.byRestaurant, ratedAt);
    if (spec.byFreelancer) this.rating(assignment, 'freelancer', spec.byFreelancer, ratedAt);
    this.completed.push({
      assignment,
      job,
      freelancer: this.people.freelancers[spec.freelancer],
      restaurant: spec.restaurant,
    });
  }

  private rating(
    assignment: Assignment,
    raterType: 'restaurant' | 'freelancer',
    spec: RatingSpec,
    createdAt: Date,
  ): void {
    this.em.create(Rating, {
      assignment,
      raterType,
      rating: spec.stars,
      comment: spec.comment ?? null,
      createdAt,
    });
  }
}
