import { AdminJobSchema, type AdminJob } from '@turno/contracts';
import { BffError, fetchBff } from '@turno/ui';
import { useEffect, useState } from 'react';
import { ADMIN_OPS_BFF } from '../shared/bff';

export const adminJobUrl = (jobId: string | number) => `${ADMIN_OPS_BFF}/jobs/${jobId}`;

/** One job of the page's path: loading, missing (404 or a bad id), failed, or found. */
export type JobLoad =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'failed'; message: string }
  | { state: 'found'; job: AdminJob };

/** Reads `GET /api/admin/jobs/{id}`; `version` reads again. A non-numeric id is missing at once. */
export function useAdminJob(jobId: string | undefined, version: number, fetchImpl?: typeof fetch): JobLoad {
  const [load, setLoad] = useState<JobLoad>({ state: 'loading' });
  useEffect(() => {
    if (!jobId || !/^\d{1,10}$/.test(jobId)) {
      setLoad({ state: 'missing' });
      return;
    }
    const controller = new AbortController();
    fetchBff(adminJobUrl(jobId), AdminJobSchema, { signal: controller.signal, fetchImpl }).then(
      (job) => setLoad({ state: 'found', job }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof BffError && (error.status === 404 || error.status === 400))
          setLoad({ state: 'missing' });
        else setLoad({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [jobId, version, fetchImpl]);
  return load;
}
