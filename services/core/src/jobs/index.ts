/** Jobs (vacancies): the entity, creation / edit / deletion, and the read models of job lists. */
export { Job } from '../model/job.entity';
export * from './jobs.service';
export * from './jobs.queries';
export * from './repeat-vacancy.queries';
