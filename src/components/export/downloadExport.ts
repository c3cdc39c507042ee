import type { AxiosProgressEvent } from 'axios';
import { generateFilter, generateSort, stringify } from '@refinedev/simple-rest';
import { API } from '../../../contract/api';
import type { ResourceName } from '../../../contract/resources';
import type { ListQuery } from '../listPage';
import { http } from '../../providers/http';

/** How far a download has come: bytes so far, and the whole size when the server said it. */
export interface DownloadProgress {
  loaded: number;
  total?: number;
}

/**
 * The file name of a Content-Disposition header: the UTF-8 `filename*` (RFC 6266, where the
 * server puts the Chinese name) before the plain `filename`; undefined when neither is there.
 */
export function dispositionFileName(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  return plain ? (plain[2] ?? plain[1]).trim() : undefined;
}

/** The query string of a list's export: the same filters and order as the list, no page. */
export function exportQuery({ filters, sorters }: ListQuery): string {
  const sort = generateSort(sorters);
  return stringify({ ...(sort && { _sort: sort._sort.join(','), _order: sort._order.join(',') }), ...generateFilter(filters) });
}

/** Hands a downloaded file to the browser's save. */
function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The click has started the save; the object URL is freed once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * GET <resource>/export with the list's filters through the authenticated client (the token goes in
 * the Authorization header, never in a URL), saved under the server's file name. Resolves with
 * that name; a refusal rejects after http.ts has shown its message.
 */
export async function downloadExport(
  resource: ResourceName,
  query: ListQuery,
  onProgress?: (p: DownloadProgress) => void,
  fallbackName = `${resource}.xlsx`,
): Promise<string> {
  const qs = exportQuery(query);
  const response = await http.get<Blob>(`${API.resourceBase}/${resource}/export${qs ? `?${qs}` : ''}`, {
    responseType: 'blob',
    onDownloadProgress: (e: AxiosProgressEvent) => onProgress?.({ loaded: e.loaded, total: e.total || undefined }),
  });
  const fileName = dispositionFileName(response.headers['content-disposition'] as string | undefined) ?? fallbackName;
  save(response.data, fileName);
  return fileName;
}
