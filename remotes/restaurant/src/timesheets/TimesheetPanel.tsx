/** The lazily loaded chunk of ShiftTimesheet: libs/ui's TimesheetCorrection. */
export { TimesheetCorrection as default } from '@turno/ui';
