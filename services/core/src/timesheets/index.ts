export * from './timesheets.service';
export { TimesheetProposal } from './timesheet-proposal.entity';
