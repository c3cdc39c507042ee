import { http } from '../../providers/http';

/**
 * Stored image URLs are paths on the API host ("/api/beer/backstage/upload/…"); when the console runs
 * against another API host (VITE_API_BASE) the browser must fetch them from there too.
 */
export function imageSrc(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${http.defaults.baseURL ?? ''}${url}` : url;
}
