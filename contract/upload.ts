import { z } from 'zod';
import { API } from './api';

export const UPLOAD_MIMES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** What POST /api/beer/backstage/upload answers; `url` is what image fields store. */
export const uploadedImageSchema = z.object({
  /** The upload by id: what a call that takes an uploaded image itself (a signature) names. */
  id: z.number(),
  url: z.string(),
  /** The file's own name as the user picked it, for display only. */
  name: z.string(),
  size: z.number(),
  mime: z.enum(UPLOAD_MIMES),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
export type UploadMime = (typeof UPLOAD_MIMES)[number];
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Path the upload call and served images live under (API.resourceBase + this). */
export const UPLOAD_PATH = `${API.resourceBase}/upload`;
