import { MESSAGES } from '@turno/domain';
import { Alert, fetchBff } from '@turno/ui';
import { useEffect, useState } from 'react';
import { APPLICATION_COUNTS_URL } from './admin-jobs';
import { APPLICATION_COUNTS } from './answers';

/**
 * The edit of a vacancy with applications still waiting for an answer (issue 22): those
 * freelancers will see the new date and hours in their application, so the form says so before
 * the save. Nothing while the count is unknown or zero, or when it cannot be read (a hint only).
 */
export function PendingApplicationsNote({
  jobId,
  status,
  fetchImpl,
}: {
  jobId: number;
  /** Only an open vacancy has applications waiting. */
  status: string;
  fetchImpl?: typeof fetch;
}) {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (status !== 'open') return;
    const controller = new AbortController();
    fetchBff(`${APPLICATION_COUNTS_URL}?ids=${jobId}`, APPLICATION_COUNTS, {
      signal: controller.signal,
      fetchImpl,
    }).then(
      (answer) => setCount(answer.counts[String(jobId)] ?? 0),
      () => undefined,
    );
    return () => controller.abort();
  }, [jobId, status, fetchImpl]);
  if (count === 0) return null;
  return (
    <Alert tone="warning" data-testid="pending-applications-note">
      {MESSAGES.jobs.editPendingApplications(count)}
    </Alert>
  );
}
