import { buttonClassName, listUrl, type ListParams } from '@turno/ui';

/** Base of this remote's Excel exports (bffs/admin-ops/src/routes/exports.ts). */
export const ADMIN_OPS_EXPORTS = '/bff/admin-ops/api/admin/exports';

/**
 * "Exportar Excel": a plain download link to the list's export with the filters the screen shows
 * (the server streams every row of them as .xlsx; cookies go with the navigation).
 */
export function ExportLink({ file, params, label }: { file: string; params: ListParams; label: string }) {
  return (
    <a
      className={buttonClassName('secondary', 'sm')}
      href={listUrl(`${ADMIN_OPS_EXPORTS}/${file}`, params)}
      download
      aria-label={`Exportar Excel: ${label}`}
    >
      Exportar Excel
    </a>
  );
}
