import { useEffect, useRef, type ReactNode } from 'react';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Loading } from '../components/Loading';
import { Skeleton } from '../components/Skeleton';
import { LoadErrorAlert } from '../data/LoadErrorAlert';
import { type ListPage, type PagedList } from '../data/usePagedList';
import { ListCount } from './ListCount';

export const LOAD_MORE_LABEL = 'Carregar mais';
export const LOAD_MORE_BUSY_LABEL = 'Carregando mais...';

export interface PagedListBodyProps<P extends ListPage> {
  list: PagedList<P>;
  /** Accessible name of the list region, e.g. "Vagas da agenda". */
  label: string;
  /** The rows (a Table or cards) of what is shown. */
  children: (data: P) => ReactNode;
  /** Shown beside the count, e.g. a refresh button. */
  actions?: ReactNode;
  /** The title of a first load that failed, e.g. "Erro ao carregar vagas" (default "Erro ao carregar dados"). */
  errorTitle?: string;
  /** What a page without rows says (in place of `children`), e.g. "Nenhuma avaliação ainda.". */
  empty?: ReactNode;
  /**
   * The height kept while the first page loads (a skeleton instead of the spinner), so what follows
   * the list does not move when it arrives (CLS < 0.1).
   */
  loadingHeight?: number;
}

/**
 * The body of a paged list: "Carregando...", the error with "Tentar novamente", or the count
 * ("Mostrando x de y"), the rows and "Carregar mais" while the server has more. Rows stay on screen
 * (dimmed) while new filters load, and when a refresh or "Carregar mais" fails.
 */
export function PagedListBody<P extends ListPage>({
  list,
  label,
  children,
  actions,
  errorTitle,
  empty,
  loadingHeight,
}: PagedListBodyProps<P>) {
  const region = useRef<HTMLElement>(null);
  /** "Carregar mais" was pressed: if it disappears with the last page, focus goes to the list. */
  const loadMorePressed = useRef(false);
  const { data, hasMore, loadingMore } = list;

  useEffect(() => {
    if (loadingMore || !loadMorePressed.current) return;
    loadMorePressed.current = false;
    if (!hasMore) region.current?.focus();
  }, [loadingMore, hasMore]);

  if (!data) {
    if (list.status === 'loading')
      return loadingHeight === undefined ? <Loading /> : <Skeleton height={loadingHeight} />;
    return <LoadErrorAlert title={errorTitle} detail={list.error?.detail} onRetry={list.retry} />;
  }

  return (
    <section
      ref={region}
      aria-label={label}
      aria-busy={list.updating || list.refreshing || loadingMore}
      tabIndex={-1}
      className="t-stack"
      style={{ opacity: list.updating ? 0.6 : 1 }}
    >
      <div className="t-row" style={{ justifyContent: 'space-between' }}>
        <ListCount shown={data.items.length} total={data.total} />
        {actions && <div className="t-row">{actions}</div>}
      </div>
      {empty !== undefined && data.items.length === 0 ? (
        <p className="t-muted" data-testid="list-empty" style={{ margin: 0 }}>
          {empty}
        </p>
      ) : (
        children(data)
      )}
      {list.error && (
        <Alert tone="warning" title="Não foi possível atualizar a lista" data-testid="list-error">
          {list.error.detail}
        </Alert>
      )}
      {(hasMore || loadingMore) && (
        <div className="t-row" style={{ justifyContent: 'center' }}>
          <Button
            variant="secondary"
            aria-busy={loadingMore || undefined}
            onClick={() => {
              loadMorePressed.current = true;
              list.loadMore();
            }}
          >
            {loadingMore && (
              <span
                className="t-spinner"
                aria-hidden="true"
                style={{ width: 14, height: 14, borderWidth: 2 }}
              />
            )}
            {loadingMore ? LOAD_MORE_BUSY_LABEL : LOAD_MORE_LABEL}
          </Button>
        </div>
      )}
    </section>
  );
}
