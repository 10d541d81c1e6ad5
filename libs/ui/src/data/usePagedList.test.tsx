/** @jest-environment jsdom */
import { act, cleanup, render, screen } from '@testing-library/react';
import { z } from 'zod';
import { type ListParams } from './list-url';
import { usePagedList, type PagedList } from './usePagedList';
import { answer, settle } from '../testing';

const ThingsPageSchema = z.object({
  items: z.array(z.object({ id: z.number(), name: z.string() })),
  total: z.number(),
  nextCursor: z.string().nullable(),
  counts: z.object({ open: z.number() }),
});
type ThingsPage = z.infer<typeof ThingsPageSchema>;

const things = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, name: `Item ${from + i}` }));
const page = (
  items: ThingsPage['items'],
  total: number,
  nextCursor: string | null,
  open = 1,
): ThingsPage => ({
  items,
  total,
  nextCursor,
  counts: { open },
});

interface PendingCall {
  url: string;
  init: RequestInit;
  resolve: (response: Response) => void;
  reject: (error: unknown) => void;
}

/** A fetch whose answers the test gives, one call at a time; `honourAbort: false` lets stale answers through. */
function controlledFetch({ honourAbort = true } = {}) {
  const calls: PendingCall[] = [];
  const fetchImpl = jest.fn(
    (url: string, init: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        calls.push({ url, init, resolve, reject });
        if (honourAbort)
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  return { fetchImpl: fetchImpl as unknown as typeof fetch, calls };
}

let latest: PagedList<ThingsPage>;

function Harness({
  params,
  fetchImpl,
  pageSize,
}: {
  params: ListParams;
  fetchImpl: typeof fetch;
  pageSize?: number;
}) {
  const list = usePagedList('/api/things', params, ThingsPageSchema, {
    defaults: { status: 'all' },
    fetchImpl,
    pageSize,
  });
  latest = list;
  return (
    <ul>
      {list.data?.items.map((item) => (
        <li key={item.id}>{item.name}</li>
      ))}
    </ul>
  );
}

const shownNames = () => screen.queryAllByRole('listitem').map((li) => li.textContent);
const ifNoneMatch = (call: PendingCall) => (call.init.headers as Record<string, string>)['If-None-Match'];

afterEach(cleanup);

describe('usePagedList', () => {
  it('loads the first page from the plain URL when every filter is at its default', async () => {
    const { fetchImpl, calls } = controlledFetch();
    render(<Harness params={{ status: 'all', q: '' }} fetchImpl={fetchImpl} />);
    expect(latest.status).toBe('loading');
    expect(calls.map((c) => c.url)).toEqual(['/api/things']);
    expect(calls[0]!.init).toMatchObject({ credentials: 'include', cache: 'no-store' });

    await act(async () => calls[0]!.resolve(answer(200, page(things(1, 2), 2, null, 7), '"v1"')));
    expect(latest.status).toBe('success');
    expect(latest.data?.counts.open).toBe(7);
    expect(latest.hasMore).toBe(false);
    expect(shownNames()).toEqual(['Item 1', 'Item 2']);
  });

  it('puts the filters into the URL and restarts from the first page when they change', async () => {
    const { fetchImpl, calls } = controlledFetch();
    const { rerender } = render(<Harness params={{ status: 'open', q: ' caixa ' }} fetchImpl={fetchImpl} />);
    expect(calls[0]!.url).toBe('/api/things?status=open&q=caixa');
    await act(async () => calls[0]!.resolve(answer(200, page(things(1, 2), 5, 'c1'))));
    expect(latest.hasMore).toBe(true);

    rerender(<Harness params={{ status: 'completed', q: ' caixa ' }} fetchImpl={fetchImpl} />);
    expect(calls[1]!.url).toBe('/api/things?status=completed&q=caixa');
    // The previous rows stay (dimmed) until the new ones arrive; no "Carregar mais" of the old filters.
    expect(latest.updating).toBe(true);
    expect(latest.hasMore).toBe(false);
    expect(shownNames()).toEqual(['Item 1', 'Item 2']);
    await act(async () => calls[1]!.resolve(answer(200, page(things(10, 1), 1, null))));
    expect(shownNames()).toEqual(['Item 10']);
    expect(latest.updating).toBe(false);
  });

  it('never lets a late answer of old filters replace the newer one', async () => {
    const { fetchImpl, calls } = controlledFetch({ honourAbort: false });
    const { rerender } = render(<Harness params={{ q: 'a' }} fetchImpl={fetchImpl} />);
    rerender(<Harness params={{ q: 'ab' }} fetchImpl={fetchImpl} />);
    expect(calls[0]!.init.signal?.aborted).toBe(true);
    await act(async () => calls[1]!.resolve(answer(200, page([{ id: 2, name: 'Novo' }], 1, null))));
    await act(async () => calls[0]!.resolve(answer(200, page([{ id: 1, name: 'Antigo' }], 1, null))));
    expect(shownNames()).toEqual(['Novo']);
  });

  it('appends the next page with the cursor, keeping one row per id', async () => {
    const { fetchImpl, calls } = controlledFetch();
    render(<Harness params={{}} fetchImpl={fetchImpl} pageSize={2} />);
    expect(calls[0]!.url).toBe('/api/things?limit=2');
    await act(async () => calls[0]!.resolve(answer(200, page(things(1, 2), 4, 'c1', 4))));

    act(() => latest.loadMore());
    expect(latest.loadingMore).toBe(true);
    act(() => latest.loadMore()); // a second press while loading asks nothing more
    expect(calls.map((c) => c.url)).toEqual(['/api/things?limit=2', '/api/things?limit=2&cursor=c1']);
    const second = [{ id: 2, name: 'Item 2 (editado)' }, ...things(3, 2)];
    await act(async () => calls[1]!.resolve(answer(200, page(second, 4, null, 3))));
    expect(shownNames()).toEqual(['Item 1', 'Item 2 (editado)', 'Item 3', 'Item 4']);
    expect(latest.data?.counts.open).toBe(3);
    expect(latest.hasMore).toBe(false);
    act(() => latest.loadMore());
    expect(calls).toHaveLength(2);
  });

  it('refreshes what is shown with the last ETag, and keeps the rows on 304', async () => {
    const { fetchImpl, calls } = controlledFetch();
    render(<Harness params={{ q: 'x' }} fetchImpl={fetchImpl} />);
    await act(async () => calls[0]!.resolve(answer(200, page(things(1, 2), 2, null), '"v1"')));
    expect(ifNoneMatch(calls[0]!)).toBeUndefined();

    act(() => latest.refresh());
    expect(calls[1]!.url).toBe('/api/things?q=x');
    expect(ifNoneMatch(calls[1]!)).toBe('"v1"');
    expect(latest.refreshing).toBe(true);
    expect(shownNames()).toEqual(['Item 1', 'Item 2']); // no flicker while refreshing
    await act(async () => calls[1]!.resolve(answer(304, undefined, '"v1"')));
    expect(shownNames()).toEqual(['Item 1', 'Item 2']);
    expect(latest.refreshing).toBe(false);
    expect(latest.error).toBeUndefined();

    act(() => latest.refresh());
    await act(async () => calls[2]!.resolve(answer(200, page(things(1, 3), 3, null), '"v2"')));
    expect(shownNames()).toEqual(['Item 1', 'Item 2', 'Item 3']);
    act(() => latest.refresh());
    expect(ifNoneMatch(calls[3]!)).toBe('"v2"');
  });

  it('re-reads every row shown in one request, at most 200', async () => {
    const { fetchImpl, calls } = controlledFetch();
    render(<Harness params={{}} fetchImpl={fetchImpl} pageSize={2} />);
    await act(async () => calls[0]!.resolve(answer(200, page(things(1, 2), 5, 'c1'), '"v1"')));
    act(() => latest.loadMore());
    await act(async () => calls[1]!.resolve(answer(200, page(things(3, 2), 5, 'c2'), '"v1"')));

    act(() => latest.refresh());
    expect(calls[2]!.url).toBe('/api/things?limit=4');
    // Another URL than the ETag's: asking "not modified?" would be a question about other rows.
    expect(ifNoneMatch(calls[2]!)).toBeUndefined();
    await act(async () => calls[2]!.resolve(answer(200, page(things(1, 4), 5, 'c2b'), '"v2"')));
    act(() => latest.refresh());
    expect(ifNoneMatch(calls[3]!)).toBe('"v2"');
  });

  it('keeps the ETag of the first rows when "Carregar mais" answers with its own', async () => {
    const { fetchImpl, calls } = controlledFetch();
    render(<Harness params={{}} fetchImpl={fetchImpl} />);
    await act(async () => calls[0]!.resolve(answer(200, page(things(1, 2), 3, 'c1'), '"first"')));
    act(() => latest.loadMore());
    await act(async () => calls[1]!.resolve(answer(200, page(things(3, 1), 3, null), '"after-c1"')));
    act(() => latest.refresh());
    expect(calls[2]!.url).toBe('/api/things');
    expect(ifNoneMatch(calls[2]!)).toBe('"first"');
  });

  it('caps the refresh at the server maximum of 200 rows', async () => {
    const { fetchImpl, calls } = controlledFetch();
    render(<Harness params={{}} fetchImpl={fetchImpl} pageSize={150} />);
    await act(async () => calls[0]!.resolve(answer(200, page(things(1, 150), 400, 'c1'))));
    act(() => latest.loadMore());
    await act(async () => calls[1]!.resolve(answer(200, page(things(151, 150), 400, 'c2'))));
    act(() => latest.refresh());
    expect(calls[2]!.url).toBe('/api/things?limit=200');
  });

  it('skips a refresh while a page is loading, and "Carregar mais" takes over from a refresh', async () => {
    const { fetchImpl, calls } = controlledFetch();
    render(<Harness params={{}} fetchImpl={fetchImpl} />);
    act(() => latest.refresh());
    expect(calls).toHaveLength(1);
    await act(async () => calls[0]!.resolve(answer(200, page(things(1, 2), 3, 'c1'))));

    act(() => latest.refresh());
    act(() => latest.loadMore());
    expect(calls[1]!.init.signal?.aborted).toBe(true);
    expect(calls[2]!.url).toBe('/api/things?cursor=c1');
    act(() => latest.refresh());
    expect(calls).toHaveLength(3);
    await act(async () => calls[2]!.resolve(answer(200, page(things(3, 1), 3, null))));
    expect(shownNames()).toHaveLength(3);
  });

  it('shows a pt-BR error without rows and loads again on retry', async () => {
    const { fetchImpl, calls } = controlledFetch();
    render(<Harness params={{}} fetchImpl={fetchImpl} />);
    await act(async () => calls[0]!.resolve(answer(502)));
    expect(latest.status).toBe('error');
    expect(latest.error?.detail).toMatch(/temporariamente indisponível/);

    act(() => latest.retry());
    expect(latest.status).toBe('loading');
    await act(async () => calls[1]!.resolve(answer(200, page(things(1, 1), 1, null))));
    expect(latest.status).toBe('success');
    expect(latest.error).toBeUndefined();
  });

  it('keeps the rows when a refresh fails, and says why', async () => {
    const { fetchImpl, calls } = controlledFetch();
    render(<Harness params={{}} fetchImpl={fetchImpl} />);
    await act(async () => calls[0]!.resolve(answer(200, page(things(1, 2), 2, null), '"v1"')));
    act(() => latest.refresh());
    await act(async () => calls[1]!.reject(new TypeError('Failed to fetch')));
    expect(latest.status).toBe('success');
    expect(shownNames()).toEqual(['Item 1', 'Item 2']);
    expect(latest.error?.detail).toMatch(/conectar ao servidor/);
  });

  it('aborts what is in flight when the screen goes away', async () => {
    const { fetchImpl, calls } = controlledFetch();
    const { unmount } = render(<Harness params={{}} fetchImpl={fetchImpl} />);
    unmount();
    expect(calls[0]!.init.signal?.aborted).toBe(true);
    await settle();
  });

  it('a refresh after a failed first page loads it again', async () => {
    const { fetchImpl, calls } = controlledFetch();
    render(<Harness params={{}} fetchImpl={fetchImpl} />);
    await act(async () => calls[0]!.resolve(answer(500, { error: 'Falha ao consultar vagas' })));
    expect(latest.error?.detail).toBe('Falha ao consultar vagas');
    act(() => latest.refresh());
    expect(calls).toHaveLength(2);
    expect(ifNoneMatch(calls[1]!)).toBeUndefined();
    expect(latest.status).toBe('loading');
  });
});
