import type { Readable } from 'node:stream';
import crypto from 'node:crypto';

/** The image kinds uploads accept, by the extension their stored name carries. */
export const IMAGE_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
} as const;
export type ImageExt = keyof typeof IMAGE_TYPES;

/**
 * Where uploaded images live. The disk implementation is the default; an object store (S3, OSS)
 * replaces it by implementing these calls, since names are opaque and chosen here.
 */
export interface ImageStorage {
  /** Stores the bytes under a new random name and answers that name ("<32 hex>.png"). */
  save(bytes: Buffer, ext: ImageExt): Promise<string>;
  /** The stored image, or undefined when there is none by that name (or the name is not one of ours). */
  open(name: string): Promise<Readable | undefined>;
  /** Deletes the stored image (nothing when there is none by that name). */
  remove(name: string): Promise<void>;
  /** The names of the images stored before `at` (ms since the epoch), for a sweep of files no row names. */
  storedBefore(at: number): Promise<string[]>;
}

const NAME_RE = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

/** A stored name this module could have made: nothing else (no "..", no "/") ever reaches a backend. */
export function isStoredName(name: string): boolean {
  return NAME_RE.test(name);
}

/** 128 random bits: names are neither guessable nor colliding. */
export function newStoredName(ext: ImageExt): string {
  return `${crypto.randomBytes(16).toString('hex')}.${ext}`;
}

export function extOf(name: string): ImageExt {
  return name.slice(name.lastIndexOf('.') + 1) as ImageExt;
}

/** The kind of image the bytes are, by their signature; undefined for anything else. */
export function sniffImage(bytes: Buffer): ImageExt | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}
