import { Migration } from '@mikro-orm/migrations';

export class Migration20261127090137_nearby extends Migration {
  /**
   * Issue 26, vacancies near the freelancer: where a freelancer searches from (their home address
   * geocoded, or their device's position) and how far, in a table of its own; PostgreSQL's contrib
   * `cube` and `earthdistance` extensions and a GiST index on the stores' positions, so the
   * vacancies' read prefilters with `earth_box(origin, radius) @> ll_to_earth(lat, lon)` on the
   * index before the exact `earth_distance` (docs/decisions.md says why not PostGIS).
   */

  override async up(): Promise<void> {
    this.addSql(`create extension if not exists "cube";`);
    this.addSql(`create extension if not exists "earthdistance";`);
    this.addSql(
      `create table "freelancer_search_areas" ("freelancer_id" int not null, "home_query" text null, "home_latitude" double precision null, "home_longitude" double precision null, "home_geocode_status" text check ("home_geocode_status" in ('found', 'not_found', 'ambiguous', 'failed', 'manual')) null, "home_geocoded_at" timestamptz null, "origin" text check ("origin" in ('home', 'current')) not null default 'home', "current_latitude" double precision null, "current_longitude" double precision null, "current_at" timestamptz null, "radius_km" int null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "freelancer_search_areas_pkey" primary key ("freelancer_id"), constraint freelancer_search_areas_radius_range check (radius_km >= 1 and radius_km <= 100), constraint freelancer_search_areas_home_together check ((home_latitude is null) = (home_longitude is null)), constraint freelancer_search_areas_current_together check ((current_latitude is null) = (current_longitude is null)));`,
    );

    this.addSql(
      `alter table "freelancer_search_areas" add constraint "freelancer_search_areas_freelancer_id_foreign" foreign key ("freelancer_id") references "freelancers" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `create index "restaurants_earth_index" on "restaurants" using gist (ll_to_earth("latitude", "longitude"));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "freelancer_search_areas" cascade;`);

    this.addSql(`drop index "restaurants_earth_index";`);
    this.addSql(`drop extension if exists "earthdistance";`);
    this.addSql(`drop extension if exists "cube";`);
  }
}
