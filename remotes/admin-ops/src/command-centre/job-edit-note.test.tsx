/** @jest-environment jsdom */
import { cleanup, render, screen } from '@testing-library/react';
import type { Job } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { JobEditDialog } from './JobEditDialog';
import { testJob } from '../testing/fixtures';

const job: Job = testJob();

afterEach(cleanup);

function countsBff(counts: Record<string, number>) {
  const urls: string[] = [];
  const fetchImpl = (async (url: RequestInfo | URL) => {
    urls.push(String(url));
    return answer(200, { counts });
  }) as typeof fetch;
  return { fetchImpl, urls };
}

const renderDialog = (fetchImpl: typeof fetch, edited: Job = job) =>
  render(
    <JobEditDialog
      job={edited}
      busy={false}
      error={null}
      onSave={() => undefined}
      onCancel={() => undefined}
      fetchImpl={fetchImpl}
    />,
  );

describe('editing a vacancy with pending applications (issue 22)', () => {
  it('warns that the applicants will see the new hours', async () => {
    const bff = countsBff({ '7': 2 });
    renderDialog(bff.fetchImpl);
    await settle();
    expect(bff.urls).toEqual(['/bff/admin-ops/api/admin/jobs/application-counts?ids=7']);
    expect(screen.getByTestId('pending-applications-note').textContent).toBe(
      MESSAGES.jobs.editPendingApplications(2),
    );
    expect(MESSAGES.jobs.editPendingApplications(2)).toMatch(/^2 freelancers .*horários novos/);
    expect(MESSAGES.jobs.editPendingApplications(1)).toMatch(/^1 freelancer se candidatou/);
  });

  it('says nothing without pending applications, or for a vacancy no longer open', async () => {
    const none = countsBff({ '7': 0 });
    renderDialog(none.fetchImpl);
    await settle();
    expect(screen.queryByTestId('pending-applications-note')).toBeNull();
    cleanup();
    const assigned = countsBff({ '7': 3 });
    renderDialog(assigned.fetchImpl, { ...job, status: 'assigned' });
    await settle();
    expect(assigned.urls).toEqual([]);
    expect(screen.queryByTestId('pending-applications-note')).toBeNull();
  });
});
