import { type FreelancerShift } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';

/**
 * What a just-completed shift paid (issue 23): the amount and, after an early departure paid by
 * worked time, the minutes paid. A chunk of its own: the area's first screen never shows it.
 */
export function PaidAmount({ shift }: { shift: FreelancerShift }) {
  return (
    <>
      {MESSAGES.checkOutNotice.paidAmount(shift.freelancer_payment_amount)}
      {shift.early_departure_paid_minutes != null && (
        <>
          <br />
          {MESSAGES.checkOutNotice.earlyDeparturePaid(shift.early_departure_paid_minutes)}
        </>
      )}
    </>
  );
}
