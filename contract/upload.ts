import { API } from './api';

/** What POST /api/beer/backstage/upload answers; `url` is what image fields store. */
export interface UploadedImage {
  url: string;
  /** The file's own name as the user picked it, for display only. */
  name: string;
  size: number;
  mime: UploadMime;
}

export const UPLOAD_MIMES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type UploadMime = (typeof UPLOAD_MIMES)[number];
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Path the upload call and served images live under (API.resourceBase + this). */
export const UPLOAD_PATH = `${API.resourceBase}/upload`;
