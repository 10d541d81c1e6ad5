import { Admin } from './accounts/admin.entity';
import { AdminRecoveryCode } from './accounts/admin-recovery-code.entity';
import { AppMeta } from './shared/app-meta.entity';
import { AuditEvent } from './audit/audit-event.entity';
import { Application } from './applications/application.entity';
import { Assignment } from './assignments/assignment.entity';
import { Block } from './blocks/block.entity';
import { DomainEvent } from './events/domain-event.entity';
import { Freelancer } from './accounts/freelancer.entity';
import { Identity } from './accounts/identity.entity';
import { Invoice, InvoiceLine, InvoiceNumberSequence } from './invoices/invoice.entity';
import { InvoiceAdjustment } from './invoices/invoice-adjustment.entity';
import { Job } from './jobs/job.entity';
import { Rating } from './ratings/rating.entity';
import { Restaurant } from './accounts/restaurant.entity';
import { Strike } from './reliability/strike.entity';
import { TimesheetProposal } from './timesheets/timesheet-proposal.entity';
import { User } from './accounts/user.entity';

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
] as const;
