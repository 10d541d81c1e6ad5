import { AdminJobApplicationsPageSchema, type AdminJobApplication } from '@turno/contracts';
import { fetchBff } from '@turno/ui';
import { useEffect, useState } from 'react';
import { ADMIN_OPS_BFF } from './bff';

/** GET /api/admin/jobs/{id}/applications. */
export const jobApplicationsUrl = (jobId: number) => `${ADMIN_OPS_BFF}/jobs/${jobId}/applications`;

/**
 * The applications of a job (the applications modal and page), read again when `version` changes;
 * nothing while `jobId` is null. `error` is the pt-BR message of a failed read.
 */
export function useJobApplications(jobId: number | null, version: number, fetchImpl?: typeof fetch) {
  const [items, setItems] = useState<AdminJobApplication[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (jobId === null) return;
    const controller = new AbortController();
    fetchBff(`${jobApplicationsUrl(jobId)}?limit=200`, AdminJobApplicationsPageSchema, {
      signal: controller.signal,
      fetchImpl,
    }).then(
      (page) => setItems(page.items),
      (failure: unknown) => {
        if (!controller.signal.aborted)
          setError(failure instanceof Error ? failure.message : String(failure));
      },
    );
    return () => controller.abort();
  }, [jobId, version, fetchImpl]);
  return { items, error };
}
