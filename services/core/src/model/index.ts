import type { EntitySchema } from '@mikro-orm/core';
import { Admin } from './admin.entity';
import { AdminRecoveryCode } from './admin-recovery-code.entity';
import { AppMeta } from '../shared/app-meta.entity';
import { AuditEvent } from './audit-event.entity';
import { Application } from './application.entity';
import { Assignment } from './assignment.entity';
import { Block } from './block.entity';
import { AccountDeletion } from './account-deletion.entity';
import { Consent } from './consent.entity';
import { DataExport } from './data-export.entity';
import { Notification } from './notification.entity';
import { NotificationDelivery, PushSubscription } from './notification-channel.entity';
import { NotificationCursor, NotificationPreference } from './notification-settings.entity';
import { DomainEvent } from './domain-event.entity';
import { Freelancer } from './freelancer.entity';
import { FreelancerDocument } from './freelancer-document.entity';
import { FreelancerSearchArea } from './freelancer-search-area.entity';
import { Identity } from './identity.entity';
import { Invoice, InvoiceLine, InvoiceNumberSequence } from './invoice.entity';
import { InvoiceAdjustment } from './invoice-adjustment.entity';
import { InvoicePixCharge, PixReceipt } from './invoice-pix-charge.entity';
import { Job } from './job.entity';
import { JobInvitation } from './job-invitation.entity';
import { Payout, PayoutDeduction, PayoutDeductionUse } from './payout.entity';
import { Rating } from './rating.entity';
import { Restaurant } from './restaurant.entity';
import { RestaurantMember, RestaurantMemberStore } from './restaurant-member.entity';
import { MemberInvitation } from './member-invitation.entity';
import { Store } from './store.entity';
import { Strike } from './strike.entity';
import { TimesheetProposal } from './timesheet-proposal.entity';
import { User } from './user.entity';

export {
  AccountDeletion,
  Admin,
  AdminRecoveryCode,
  AppMeta,
  Application,
  AuditEvent,
  Assignment,
  Block,
  Consent,
  DataExport,
  DomainEvent,
  Notification,
  NotificationCursor,
  NotificationPreference,
  Freelancer,
  FreelancerDocument,
  FreelancerSearchArea,
  Identity,
  Invoice,
  InvoiceLine,
  InvoiceNumberSequence,
  InvoicePixCharge,
  Job,
  JobInvitation,
  Payout,
  PayoutDeduction,
  PayoutDeductionUse,
  PixReceipt,
  Rating,
  Restaurant,
  RestaurantMember,
  RestaurantMemberStore,
  MemberInvitation,
  Store,
  Strike,
  TimesheetProposal,
  InvoiceAdjustment,
  User,
};

/**
 * Every entity, passed explicitly to the ORM configuration (no discovery globs). Typed by hand: the
 * inferred tuple of every schema grew past what the compiler serialises (TS7056).
 */
export const ENTITIES: readonly EntitySchema[] = [
  User,
  Identity,
  Admin,
  Restaurant,
  Store,
  RestaurantMember,
  RestaurantMemberStore,
  MemberInvitation,
  Freelancer,
  Job,
  JobInvitation,
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
  PayoutDeduction,
  PayoutDeductionUse,
  InvoicePixCharge,
  PixReceipt,
  FreelancerDocument,
  FreelancerSearchArea,
  Consent,
  Notification,
  NotificationDelivery,
  PushSubscription,
  NotificationCursor,
  NotificationPreference,
  DataExport,
  AccountDeletion,
] as const;
