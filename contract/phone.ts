/**
 * Mainland mobile (docs/domain.md). Apart from validation.ts so that the login page can check a phone
 * without loading zod (/login stays under 350 KB gzip).
 */
export const PHONE_RE = /^1[3-9]\d{9}$/;
