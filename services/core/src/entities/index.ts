import { Admin } from './admin.entity';
import { AppMeta } from './app-meta.entity';
import { Application } from './application.entity';
import { Assignment } from './assignment.entity';
import { Block } from './block.entity';
import { Freelancer } from './freelancer.entity';
import { Identity } from './identity.entity';
import { Invoice, InvoiceLine, InvoiceNumberSequence } from './invoice.entity';
import { Job } from './job.entity';
import { Rating } from './rating.entity';
import { Restaurant } from './restaurant.entity';
import { User } from './user.entity';

export {
  Admin,
  AppMeta,
  Application,
  Assignment,
  Block,
  Freelancer,
  Identity,
  Invoice,
  InvoiceLine,
  InvoiceNumberSequence,
  Job,
  Rating,
  Restaurant,
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
] as const;
