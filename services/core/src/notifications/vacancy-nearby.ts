import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_SEARCH_RADIUS_KM,
  EARTH_RADIUS_M,
  VACANCY_ALERTS_PER_HOUR,
  renderNotification,
  saoPauloDateTimeToInstant,
} from '@turno/domain';
import { SEARCH_ORIGIN_EARTH_SQL } from '../model/freelancer-search-area.entity';
import type { MadeNotification } from './channel-permissions';
import type { NotifyingEvent } from './notifications.service';

/** The origin's latitude and longitude (the same choice as SEARCH_ORIGIN_EARTH_SQL), over `s`. */
const ORIGIN = (axis: 'latitude' | 'longitude') =>
  `(case when s.origin = 'current' and s.current_latitude is not null then s.current_${axis}
         when s.home_geocode_status in ('found', 'manual') then s.home_${axis} end)`;

/** libs/domain's haversine (metres) from the freelancer's origin to the store `v`, in built-in SQL. */
const DISTANCE_M = `(2 * ${EARTH_RADIUS_M} * asin(least(1, sqrt(
    power(sin(radians(v.latitude - ${ORIGIN('latitude')}) / 2), 2)
    + cos(radians(${ORIGIN('latitude')})) * cos(radians(v.latitude))
      * power(sin(radians(v.longitude - ${ORIGIN('longitude')}) / 2), 2)))))`;

interface JobFacts {
  id: number;
  restaurant_id: number;
  position: string;
  business_name: string;
  date: string;
  start: string;
}

/** The vacancies `events` posted (`job_created`: its `jobIds`), once each. */
function postedJobIds(events: readonly NotifyingEvent[]): number[] {
  const ids = new Set<number>();
  for (const event of events) {
    if (event.type !== 'job_created' || !Array.isArray(event.payload.jobIds)) continue;
    for (const id of event.payload.jobIds) if (Number.isSafeInteger(id)) ids.add(id as number);
  }
  return [...ids];
}

/**
 * "Nova vaga perto de você" (issue 26) for the vacancies the `job_created` events posted: every
 * approved, available freelancer whose search area holds the store — their origin (the device's
 * position when chosen, else their home) within their maximum distance (default 15 km) by the
 * domain's haversine — and whose specialties include the vacancy's position, who has not blocked or
 * been blocked by the business and was not invited to it (the invitation tells them). One statement for all the vacancies and all their freelancers:
 * the GiST index on the origins (freelancer_search_areas_origin_earth_index) prefilters with a box
 * of the largest distance anyone chose; the rows are inserted in one batch `on conflict do nothing`
 * (one per person, kind and subject, whatever retries happen), each with its `notification_created`
 * live event in the same statement. Rate limit: at most VACANCY_ALERTS_PER_HOUR such notifications
 * per person in any hour, counted in the statement (the fan-out's cursor lock makes it the only
 * writer of this kind). A person who turned the kind's in-app off gets it read.
 * Runs inside the fan-out's transaction (`tx`).
 */
export async function insertVacancyNearbyNotifications(
  tx: EntityManager,
  events: readonly NotifyingEvent[],
): Promise<MadeNotification[]> {
  const jobIds = postedJobIds(events);
  if (jobIds.length === 0) return [];
  const eventOf = new Map<number, number>();
  for (const event of events) {
    for (const id of (event.payload.jobIds as unknown[] | undefined) ?? []) {
      if (typeof id === 'number' && !eventOf.has(id)) eventOf.set(id, event.id);
    }
  }
  const jobs = await tx.execute<JobFacts[]>(
    `select j.id, j.restaurant_id, coalesce(nullif(j.position_type, ''), j.title) as position,
            coalesce(nullif(r.business_name, ''), r.name) as business_name,
            to_char(j.date_needed, 'YYYY-MM-DD') as date, j.start_time as start
       from jobs j join restaurants r on r.id = j.restaurant_id
      where j.id in (select jsonb_array_elements_text(?::jsonb)::int)
        and j.status = 'open' and r.is_approved and r.is_active and r.latitude is not null`,
    [JSON.stringify(jobIds)],
  );
  if (jobs.length === 0) return [];
  const texts = jobs.map((job) => ({
    job_id: job.id,
    ...renderNotification('vacancy_nearby', {
      position: job.position,
      businessName: job.business_name,
      date: job.date,
      start: job.start,
    }),
  }));
  const rows = await tx.execute<
    { id: string | number; user_id: number; job_id: number; freelancer_id: number }[]
  >(
    `with v as materialized (
       select t.job_id, t.title, t.body, t.link, j.restaurant_id, j.position_type, r.latitude, r.longitude,
              ll_to_earth(r.latitude, r.longitude) as e
         from jsonb_to_recordset(?::jsonb) as t(job_id int, title text, body text, link text)
         join jobs j on j.id = t.job_id join restaurants r on r.id = j.restaurant_id
     ),
     reach as materialized (
       select coalesce(max(coalesce(radius_km, ${DEFAULT_SEARCH_RADIUS_KM})), ${DEFAULT_SEARCH_RADIUS_KM}) * 1000.0
                * earth() / ${EARTH_RADIUS_M} * 1.001 as box_m
         from freelancer_search_areas
     ),
     near as (
       select v.job_id, v.title, v.body, v.link, f.id as freelancer_id, f.user_id
         from v cross join reach
         join freelancer_search_areas s on earth_box(v.e, reach.box_m) @> ${SEARCH_ORIGIN_EARTH_SQL.replace(/\b(origin|current_latitude|current_longitude|home_geocode_status|home_latitude|home_longitude)\b/g, 's.$1')}
         join freelancers f on f.id = s.freelancer_id
        where f.is_approved and f.is_available
          and f.specialties @> jsonb_build_array(v.position_type)
          and ${DISTANCE_M} <= coalesce(s.radius_km, ${DEFAULT_SEARCH_RADIUS_KM}) * 1000.0
          and not exists (select 1 from blocks b where b.freelancer_id = f.id and b.restaurant_id = v.restaurant_id)
          -- An invited freelancer hears of it as an invitation ('Chamar de novo'), not twice.
          and not exists (select 1 from job_invitations i where i.job_id = v.job_id and i.freelancer_id = f.id)
          and not exists (select 1 from notifications n where n.user_id = f.user_id and n.kind = 'vacancy_nearby'
                            and n.subject_type = 'job' and n.subject_id = v.job_id)
     ),
     ranked as (
       select near.*, row_number() over (partition by near.user_id order by near.job_id) as nth,
              (select count(*) from notifications n where n.user_id = near.user_id and n.kind = 'vacancy_nearby'
                  and n.created_at > now() - interval '1 hour') as recent
         from near
     ),
     made as (
       insert into notifications (user_id, kind, subject_type, subject_id, title, body, link, read_at)
       select r.user_id, 'vacancy_nearby', 'job', r.job_id, r.title, r.body, r.link,
              case when p.enabled = false then now() end
         from ranked r
         left join notification_preferences p on p.user_id = r.user_id and p.kind = 'vacancy_nearby' and p.channel = 'in_app'
        where r.recent + r.nth <= ?
        order by r.user_id, r.job_id
       on conflict do nothing
       returning id, user_id, subject_id
     ),
     made_for as (
       select made.id, made.user_id, made.subject_id as job_id, f.id as freelancer_id
         from made join freelancers f on f.user_id = made.user_id
     ),
     live as (
       insert into domain_events (type, freelancer_id, payload)
       select 'notification_created', freelancer_id, jsonb_build_object('notificationId', id) from made_for
     )
     select id, user_id, job_id, freelancer_id from made_for`,
    [JSON.stringify(texts), VACANCY_ALERTS_PER_HOUR],
  );
  const jobOf = new Map(jobs.map((job) => [job.id, job]));
  const textOf = new Map(texts.map((text) => [text.job_id, text]));
  return rows.map((row) => {
    const job = jobOf.get(row.job_id)!;
    const text = textOf.get(row.job_id)!;
    return {
      id: Number(row.id),
      eventId: eventOf.get(row.job_id) ?? 0,
      userId: row.user_id,
      kind: 'vacancy_nearby' as const,
      subjectType: 'job' as const,
      subjectId: row.job_id,
      title: text.title,
      body: text.body,
      link: text.link,
      audience: { freelancerId: row.freelancer_id },
      shiftStartsAt: saoPauloDateTimeToInstant(job.date, job.start.slice(0, 5)).toISOString(),
    };
  });
}
