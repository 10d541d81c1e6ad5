/* eslint-disable no-useless-escape -- the MikroORM migrator escapes every $ in SQL */
import { Migration } from '@mikro-orm/migrations';

export class Migration20261122085211_initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "admins" ("id" serial primary key, "email" varchar(255) not null, "name" varchar(255) not null, "password_hash" varchar(255) not null, "failed_attempts" int not null default 0, "locked_until" timestamptz null, "last_login_at" timestamptz null, "created_at" timestamptz not null default now(), constraint admins_email_lowercase check (email = lower(email)), constraint admins_failed_attempts_not_negative check (failed_attempts >= 0));`,
    );
    this.addSql(`alter table "admins" add constraint "admins_email_unique" unique ("email");`);

    this.addSql(
      `create table "app_meta" ("key" varchar(255) not null, "value" text not null, "updated_at" timestamptz not null default now(), constraint "app_meta_pkey" primary key ("key"));`,
    );

    this.addSql(
      `create table "users" ("id" serial primary key, "email" varchar(255) null, "name" varchar(255) null, "user_type" text check ("user_type" in ('admin', 'restaurant', 'freelancer')) null, "created_at" timestamptz not null default now());`,
    );

    this.addSql(
      `create table "restaurants" ("id" serial primary key, "user_id" int not null, "name" varchar(255) not null, "business_name" varchar(255) not null, "phone" varchar(255) null, "address" varchar(255) null, "address_number" varchar(255) null, "cep" varchar(8) null, "cuisine_type" varchar(255) null, "contact_person" varchar(255) null, "is_approved" boolean not null default false, "is_active" boolean not null default true, "approved_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint restaurants_cep_digits check (cep ~ '^[0-9]{8}\$'));`,
    );
    this.addSql(`alter table "restaurants" add constraint "restaurants_user_unique" unique ("user_id");`);

    this.addSql(
      `create table "jobs" ("id" serial primary key, "restaurant_id" int not null, "title" varchar(255) not null, "position_type" varchar(255) not null, "description" text null, "date_needed" date not null, "start_time" varchar(5) not null, "end_time" varchar(5) not null, "workload_minutes" int not null, "charge_cents" int not null, "meal_time" varchar(255) null, "recommended_attire" varchar(255) null, "status" text check ("status" in ('open', 'assigned', 'completed', 'cancelled')) not null default 'open', "created_by_admin" boolean not null default false, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint jobs_start_time_format check (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]\$'), constraint jobs_end_time_format check (end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]\$'), constraint jobs_workload_minutes_range check (workload_minutes >= 1 and workload_minutes <= 1440), constraint jobs_charge_cents_not_negative check (charge_cents >= 0));`,
    );
    this.addSql(`create index "jobs_restaurant_date_index" on "jobs" ("restaurant_id", "date_needed");`);
    this.addSql(`create index "jobs_status_date_index" on "jobs" ("status", "date_needed");`);

    this.addSql(
      `create table "invoices" ("id" serial primary key, "invoice_number" varchar(255) not null, "invoice_type" text check ("invoice_type" in ('restaurant_invoice', 'restaurant_weekly_invoice', 'restaurant_custom_invoice')) not null, "restaurant_id" int not null, "description" text null, "amount_cents" int not null, "status" text check ("status" in ('pending', 'paid', 'overdue')) not null default 'pending', "issue_date" date not null, "due_date" date not null, "payment_date" date null, "week_start" date null, "week_end" date null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint invoices_amount_not_negative check (amount_cents >= 0), constraint invoices_due_after_issue check (due_date >= issue_date), constraint invoices_week_in_order check (week_end >= week_start), constraint invoices_paid_has_payment_date check (status <> 'paid' or payment_date is not null));`,
    );
    this.addSql(
      `alter table "invoices" add constraint "invoices_invoice_number_unique" unique ("invoice_number");`,
    );
    this.addSql(
      `create index "invoices_restaurant_week_index" on "invoices" ("restaurant_id", "week_start");`,
    );

    this.addSql(
      `create table "identities" ("id" serial primary key, "user_id" int not null, "issuer" varchar(255) not null, "subject" varchar(255) not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "identities_user_index" on "identities" ("user_id");`);
    this.addSql(
      `alter table "identities" add constraint "identities_issuer_subject_unique" unique ("issuer", "subject");`,
    );

    this.addSql(
      `create table "freelancers" ("id" serial primary key, "user_id" int not null, "name" varchar(255) not null, "phone" varchar(255) null, "address" varchar(255) null, "cpf" varchar(11) null, "pix_key" varchar(255) null, "experience_years" int not null default 0, "specialties" jsonb not null, "profile_photo_url" varchar(255) null, "rating" numeric(3,2) null, "total_jobs" int not null default 0, "is_approved" boolean not null default false, "is_available" boolean not null default true, "approved_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint freelancers_experience_years_range check (experience_years >= 0 and experience_years <= 50), constraint freelancers_rating_range check (rating >= 0 and rating <= 5), constraint freelancers_total_jobs_not_negative check (total_jobs >= 0), constraint freelancers_cpf_digits check (cpf ~ '^[0-9]{11}\$'), constraint freelancers_specialties_array check (jsonb_typeof(specialties) = 'array'));`,
    );
    this.addSql(`alter table "freelancers" add constraint "freelancers_user_unique" unique ("user_id");`);

    this.addSql(
      `create table "blocks" ("id" serial primary key, "freelancer_id" int not null, "restaurant_id" int not null, "blocked_by" text check ("blocked_by" in ('admin', 'restaurant')) not null, "block_reason" text null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "blocks_restaurant_index" on "blocks" ("restaurant_id");`);
    this.addSql(
      `alter table "blocks" add constraint "blocks_freelancer_restaurant_unique" unique ("freelancer_id", "restaurant_id");`,
    );

    this.addSql(
      `create table "assignments" ("id" serial primary key, "job_id" int not null, "freelancer_id" int not null, "status" text check ("status" in ('assigned', 'in_progress', 'completed', 'cancelled')) not null default 'assigned', "on_the_way_at" timestamptz null, "checkin_requested_at" timestamptz null, "check_in_at" timestamptz null, "checkout_requested_at" timestamptz null, "check_out_at" timestamptz null, "restaurant_charge_cents" int null, "freelancer_payout_cents" int null, "commission_cents" int null, "completed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint assignments_amounts_not_negative check (restaurant_charge_cents >= 0 and freelancer_payout_cents >= 0 and commission_cents >= 0), constraint assignments_commission_is_difference check (commission_cents = restaurant_charge_cents - freelancer_payout_cents), constraint assignments_completed_has_amounts check (status <> 'completed' or (completed_at is not null and restaurant_charge_cents is not null and freelancer_payout_cents is not null and commission_cents is not null)));`,
    );
    this.addSql(`create index "assignments_job_index" on "assignments" ("job_id");`);
    this.addSql(
      `create index "assignments_freelancer_status_index" on "assignments" ("freelancer_id", "status");`,
    );
    this.addSql(
      `create unique index "assignments_one_active_per_job" on "assignments" ("job_id") where status <> 'cancelled';`,
    );

    this.addSql(
      `create table "ratings" ("id" serial primary key, "assignment_id" int not null, "rater_type" text check ("rater_type" in ('restaurant', 'freelancer')) not null, "rating" smallint not null, "comment" text null, "created_at" timestamptz not null default now(), constraint ratings_rating_range check (rating >= 1 and rating <= 5), constraint ratings_comment_length check (char_length(comment) <= 500));`,
    );
    this.addSql(
      `alter table "ratings" add constraint "ratings_assignment_rater_unique" unique ("assignment_id", "rater_type");`,
    );

    this.addSql(
      `create table "invoice_lines" ("id" serial primary key, "invoice_id" int not null, "assignment_id" int not null, "date_needed" date not null, "position_type" varchar(255) not null, "freelancer_name" varchar(255) not null, "amount_cents" int not null, constraint invoice_lines_amount_not_negative check (amount_cents >= 0));`,
    );
    this.addSql(
      `alter table "invoice_lines" add constraint "invoice_lines_assignment_unique" unique ("assignment_id");`,
    );
    this.addSql(`create index "invoice_lines_invoice_index" on "invoice_lines" ("invoice_id");`);

    this.addSql(
      `create table "applications" ("id" serial primary key, "job_id" int not null, "freelancer_id" int not null, "status" text check ("status" in ('pending', 'accepted', 'rejected', 'expired')) not null default 'pending', "message" text null, "applied_at" timestamptz not null default now(), "expires_at" timestamptz not null, "reviewed_at" timestamptz null, constraint applications_expires_after_applied check (expires_at > applied_at));`,
    );
    this.addSql(`create index "applications_freelancer_index" on "applications" ("freelancer_id");`);
    this.addSql(
      `alter table "applications" add constraint "applications_job_freelancer_unique" unique ("job_id", "freelancer_id");`,
    );
    this.addSql(
      `create unique index "applications_one_accepted_per_job" on "applications" ("job_id") where status = 'accepted';`,
    );

    this.addSql(
      `alter table "restaurants" add constraint "restaurants_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "jobs" add constraint "jobs_restaurant_id_foreign" foreign key ("restaurant_id") references "restaurants" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "invoices" add constraint "invoices_restaurant_id_foreign" foreign key ("restaurant_id") references "restaurants" ("id") on update cascade;`,
    );

    this.addSql(
      `alter table "identities" add constraint "identities_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "freelancers" add constraint "freelancers_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "blocks" add constraint "blocks_freelancer_id_foreign" foreign key ("freelancer_id") references "freelancers" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "blocks" add constraint "blocks_restaurant_id_foreign" foreign key ("restaurant_id") references "restaurants" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "assignments" add constraint "assignments_job_id_foreign" foreign key ("job_id") references "jobs" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "assignments" add constraint "assignments_freelancer_id_foreign" foreign key ("freelancer_id") references "freelancers" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "ratings" add constraint "ratings_assignment_id_foreign" foreign key ("assignment_id") references "assignments" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "invoice_lines" add constraint "invoice_lines_invoice_id_foreign" foreign key ("invoice_id") references "invoices" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "invoice_lines" add constraint "invoice_lines_assignment_id_foreign" foreign key ("assignment_id") references "assignments" ("id") on update cascade;`,
    );

    this.addSql(
      `alter table "applications" add constraint "applications_job_id_foreign" foreign key ("job_id") references "jobs" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "applications" add constraint "applications_freelancer_id_foreign" foreign key ("freelancer_id") references "freelancers" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "restaurants" drop constraint "restaurants_user_id_foreign";`);

    this.addSql(`alter table "identities" drop constraint "identities_user_id_foreign";`);

    this.addSql(`alter table "freelancers" drop constraint "freelancers_user_id_foreign";`);

    this.addSql(`alter table "jobs" drop constraint "jobs_restaurant_id_foreign";`);

    this.addSql(`alter table "invoices" drop constraint "invoices_restaurant_id_foreign";`);

    this.addSql(`alter table "blocks" drop constraint "blocks_restaurant_id_foreign";`);

    this.addSql(`alter table "assignments" drop constraint "assignments_job_id_foreign";`);

    this.addSql(`alter table "applications" drop constraint "applications_job_id_foreign";`);

    this.addSql(`alter table "invoice_lines" drop constraint "invoice_lines_invoice_id_foreign";`);

    this.addSql(`alter table "blocks" drop constraint "blocks_freelancer_id_foreign";`);

    this.addSql(`alter table "assignments" drop constraint "assignments_freelancer_id_foreign";`);

    this.addSql(`alter table "applications" drop constraint "applications_freelancer_id_foreign";`);

    this.addSql(`alter table "ratings" drop constraint "ratings_assignment_id_foreign";`);

    this.addSql(`alter table "invoice_lines" drop constraint "invoice_lines_assignment_id_foreign";`);

    this.addSql(`drop table if exists "admins" cascade;`);

    this.addSql(`drop table if exists "app_meta" cascade;`);

    this.addSql(`drop table if exists "users" cascade;`);

    this.addSql(`drop table if exists "restaurants" cascade;`);

    this.addSql(`drop table if exists "jobs" cascade;`);

    this.addSql(`drop table if exists "invoices" cascade;`);

    this.addSql(`drop table if exists "identities" cascade;`);

    this.addSql(`drop table if exists "freelancers" cascade;`);

    this.addSql(`drop table if exists "blocks" cascade;`);

    this.addSql(`drop table if exists "assignments" cascade;`);

    this.addSql(`drop table if exists "ratings" cascade;`);

    this.addSql(`drop table if exists "invoice_lines" cascade;`);

    this.addSql(`drop table if exists "applications" cascade;`);
  }
}
