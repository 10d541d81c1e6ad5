/** Assignments: a freelancer allocated to a job and the shift's progress (on the way → check-out). */
export { Assignment } from '../model/assignment.entity';
export * from './assignments.service';
export * from './past-workers.queries';
