export const LOADING_LABEL = 'Carregando...';

export function Loading({ label = LOADING_LABEL }: { label?: string }) {
  return (
    <div className="t-loading" role="status" aria-live="polite">
      <span className="t-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
