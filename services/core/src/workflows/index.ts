/**
 * Workflows: what spans aggregates, the only folder that calls several aggregates' code. Staffing
 * (apply, accept, assign), account removal, check-out by presence, the release sweeps (no-shows,
 * forgotten check-outs).
 */
export * from './staffing.service';
export * from './account-removal.service';
export * from './presence-check-out.service';
export * from './release-sweeps';
export * from './shift-confirmations';
export * from './invitations.service';
export * from './invitation-windows';
