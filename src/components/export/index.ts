export { ExportButton } from './ExportButton';
export { downloadExport, dispositionFileName, exportQuery, type DownloadProgress } from './downloadExport';
