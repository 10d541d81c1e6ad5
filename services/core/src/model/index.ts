import { Admin } from './admin.entity';
import { AdminRecoveryCode } from './admin-recovery-code.entity';
import { AppMeta } from '../shared/app-meta.entity';
import { AuditEvent } from './audit-event.entity';
import { Application } from './application.entity';
import { Assignment } from './assignment.entity';
import { Block } from './block.entity';
import { DomainEvent } from './domain-event.entity';
import { Freelancer } from './freelancer.entity';
import { Identity } from './identity.entity';
import { Invoice, InvoiceLine, InvoiceNumberSequence } from './invoice.entity';
import { InvoiceAdjustment } from './invoice-adjustment.entity';
import { Job } from './job.entity';
import { Payout } from './payout.entity';
import { Rating } from './rating.entity';
import { Restaurant } from './restaurant.entity';
import { Strike } from './strike.entity';
import { TimesheetProposal } from './timesheet-proposal.entity';
import { User } from './user.entity';

export {
  Admin,
  AdminRecoveryCode,
  AppMeta,
  Application,
  AuditEvent,
  Assignment,
  Block,
  DomainEvent,
  Freelancer,
  Identity,
  Invoice,
  InvoiceLine,
  InvoiceNumberSequence,
  Job,
  Payout,
  Rating,
  Restaurant,
  Strike,
  TimesheetProposal,
  InvoiceAdjustment,
  User,
};

/** Every entity, passed explicitly to the ORM configuration (no discovery globs). */
export const ENTITIES = [
  User,
  Identity,
  Admin,
  Restaurant,
  Freelancer,
  Job,
  Application,
  Assignment,
  Rating,
  Block,
  Invoice,
  InvoiceLine,
  InvoiceNumberSequence,
  AppMeta,
  DomainEvent,
  AuditEvent,
  AdminRecoveryCode,
  Strike,
  TimesheetProposal,
  InvoiceAdjustment,
  Payout,
] as const;
