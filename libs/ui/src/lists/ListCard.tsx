import { type ReactNode } from 'react';
import { Card } from '../components/Card';
import { Loading } from '../components/Loading';
import { type BffError } from '../data/fetch-bff';
import { LoadErrorAlert } from '../data/LoadErrorAlert';

/** What ListCard needs of the resource it lists (a live read: its answer kept while it refreshes). */
export interface ListCardResource {
  /** The last answer, if any. */
  data: unknown;
  /** The last read's failure. */
  error: Pick<BffError, 'detail'> | undefined;
  refresh: () => void;
}

export interface ListCardProps {
  /** The card's heading (h2). */
  title: ReactNode;
  /** The header's buttons ("Adicionar loja", "Convidar pessoa"). */
  actions?: ReactNode;
  /** The card's class (e.g. the panel's `r-rows`). */
  className?: string;
  /** A line under the header saying what the list is for. */
  hint?: ReactNode;
  resource: ListCardResource;
  /** The answer has no rows. */
  empty: boolean;
  /** What an answer without rows says; without it, nothing is said. */
  emptyText?: ReactNode;
  emptyTestId?: string;
  /** The rows (the list), shown once there is an answer with rows. */
  children: ReactNode;
}

const HINT_STYLE = { marginTop: 0, marginBottom: 12 } as const;

/**
 * A short list of a screen in a card (all its rows at once, no paging, unlike ListScreen): the title
 * and its actions, an optional hint, then the read's states — the failure with "Tentar novamente"
 * while there is no answer, "Carregando..." before the first one, the empty text, or the rows.
 */
export function ListCard({
  title,
  actions,
  className,
  hint,
  resource,
  empty,
  emptyText,
  emptyTestId,
  children,
}: ListCardProps) {
  const answered = Boolean(resource.data);
  return (
    <Card title={title} titleAs="h2" className={className} actions={actions}>
      {hint && (
        <p className="t-hint" style={HINT_STYLE}>
          {hint}
        </p>
      )}
      {!answered && resource.error && (
        <LoadErrorAlert detail={resource.error.detail} onRetry={resource.refresh} />
      )}
      {!answered && !resource.error && <Loading />}
      {answered && empty && emptyText && (
        <p className="t-muted" data-testid={emptyTestId}>
          {emptyText}
        </p>
      )}
      {answered && !empty && children}
    </Card>
  );
}
