export * from './timesheets.service';
export { TimesheetProposal } from '../model/timesheet-proposal.entity';
export * from './timesheets.queries';
