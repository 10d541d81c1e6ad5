import { type ReactNode } from 'react';
import { PageHeader } from '../components/PageHeader';
import { type ListPage, type PagedList } from '../data/usePagedList';
import { PagedListBody } from './PagedListBody';

/** The height a list screen keeps while its first page loads (a few rows). */
export const LIST_SKELETON_HEIGHT = 320;

export interface ListScreenProps<P extends ListPage> {
  title: ReactNode;
  subtitle?: ReactNode;
  /** The header's buttons ("Atualizar", an export, "Novo …"). */
  actions?: ReactNode;
  /** The heading level of the title: h2 inside a shell tab (default), h1 for a page of its own. */
  headingAs?: 'h1' | 'h2';
  /** Between the header and the filters: notices, summary cards. */
  before?: ReactNode;
  /** The filter bar (ListFilters). */
  filters?: ReactNode;
  /** A heading over the rows, e.g. "Bloqueios Ativos (3)". */
  listTitle?: ReactNode;
  list: PagedList<P>;
  /** Accessible name of the list region, e.g. "Avaliações encontradas". */
  label: string;
  /** What a page without rows says; without it, `children` draws the empty page (e.g. a table's). */
  empty?: ReactNode;
  /** The title of a first load that failed (default "Erro ao carregar dados"). */
  errorTitle?: string;
  /** The height kept while the first page loads (LIST_SKELETON_HEIGHT by default). */
  loadingHeight?: number;
  /** Beside the count ("Mostrando x de y"). */
  countActions?: ReactNode;
  /** The rows (a table or cards) of what is shown. */
  children: (data: P) => ReactNode;
  /** After the list: its dialogs. */
  after?: ReactNode;
}

/**
 * The skeleton of a list screen: title (and actions), what comes before the list, the filters, then
 * the list's states — a placeholder of the list's height while the first page loads (CLS < 0.1), the
 * error with "Tentar novamente", the empty text, the rows with the count, and "Carregar mais".
 */
export function ListScreen<P extends ListPage>({
  title,
  subtitle,
  actions,
  headingAs = 'h2',
  before,
  filters,
  listTitle,
  list,
  label,
  empty,
  errorTitle,
  loadingHeight = LIST_SKELETON_HEIGHT,
  countActions,
  children,
  after,
}: ListScreenProps<P>) {
  return (
    <div className="t-stack">
      <PageHeader as={headingAs} title={title} subtitle={subtitle} actions={actions} />
      {before}
      {filters}
      {listTitle && <h3 style={{ margin: 0 }}>{listTitle}</h3>}
      <PagedListBody
        list={list}
        label={label}
        empty={empty}
        errorTitle={errorTitle}
        loadingHeight={loadingHeight}
        actions={countActions}
      >
        {children}
      </PagedListBody>
      {after}
    </div>
  );
}
