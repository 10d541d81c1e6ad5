export const LIST_COUNT_TEST_ID = 'list-count';

/** "Mostrando 50 de 312": rows shown and the size of the filtered list. */
export function listCountText(shown: number, total: number): string {
  return `Mostrando ${shown} de ${total}`;
}

export function ListCount({ shown, total }: { shown: number; total: number }) {
  return (
    <p className="t-muted" style={{ margin: 0 }} role="status" data-testid={LIST_COUNT_TEST_ID}>
      {listCountText(shown, total)}
    </p>
  );
}
