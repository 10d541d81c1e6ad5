export * from './timesheets.service';
export { TimesheetProposal } from './timesheet-proposal.entity';
export * from './timesheets.queries';
