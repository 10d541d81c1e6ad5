/**
 * "Repetir vaga" and "Chamar de novo" (issue 26) travel from the Agenda to the Dashboard's vacancy
 * form: which vacancy fills it in, and whether its shift's freelancer comes ticked as an invitee.
 */
export interface RepeatRequest {
  jobId: number;
  callAgain: boolean;
}
