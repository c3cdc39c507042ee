export { ExportButton } from './ExportButton';
export { dispositionFileName, exportQuery } from './downloadExport';
