/** Data exports (issue 27, "Baixar meus dados"): requests, the download once, the workers' lifecycle and the ZIP. */
export * from './data-exports.service';
export * from './data-exports.lifecycle';
export { buildDataExport, EXPORT_PAGE_SIZE, type BuildDataExportOptions } from './build-data-export';
