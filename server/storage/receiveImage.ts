import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '../../contract/upload';
import { AppError, invalid } from '../http/errors';
import { sniffImage, type ImageExt } from './imageStorage';
import { MAX_INPUT_PIXELS, UnreadableImage, reencodeImage } from './reencodeImage';

const MAX_MB = MAX_UPLOAD_BYTES / 1024 / 1024;

/** The limits of every route that takes an image: one file of at most 5 MB and a few short fields. */
export const IMAGE_MULTIPART_LIMITS = { files: 1, fileSize: MAX_UPLOAD_BYTES, parts: 5, fields: 4, fieldSize: 1024 };

const refused = (message: string): AppError => invalid(message, [{ field: 'file', message }]);

/** What @fastify/multipart throws for a request we refuse, as the client's 40000. */
function multipartRefusal(e: unknown): AppError | undefined {
  switch ((e as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return refused(`图片不能超过 ${MAX_MB} MB`);
    case 'FST_FILES_LIMIT':
      return refused('一次只能上传一张图片');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return refused('上传内容不正确，请只选择一张图片');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return refused('请以 multipart/form-data 方式上传图片');
    case 'FST_MP_PREMATURE_CLOSE':
      return refused('上传未完成，请重试');
    default:
      return undefined;
  }
}

/** The user's own file name, for display only: no folders, no control characters. */
function displayName(filename: string | undefined): string {
  const base = path.posix.basename((filename ?? '').replace(/\\/g, '/'));
  return base.replace(/[\p{Cc}\p{Cf}]/gu, '').slice(0, 255);
}

export interface ReceivedImage {
  /** The decoded image encoded afresh (server/storage/reencodeImage.ts). */
  bytes: Buffer;
  ext: ImageExt;
  /** The user's own file name, for display only. */
  name: string;
  /** The form's text fields beside the file. */
  fields: Record<string, string>;
}

/**
 * One image from a multipart body, its kind read from the bytes (never from the file name or the
 * declared type), re-encoded: what every route taking an image stores.
 */
export async function receiveImage(req: FastifyRequest): Promise<ReceivedImage> {
  if (!req.isMultipart()) throw refused('请以 multipart/form-data 方式上传图片');
  let file: { bytes: Buffer; filename: string } | undefined;
  const fields: Record<string, string> = {};
  try {
    // Every part is read, so a second file is refused rather than silently dropped.
    for await (const part of req.parts()) {
      if (part.type !== 'file') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (file) throw refused('一次只能上传一张图片');
      file = { filename: part.filename, bytes: await part.toBuffer() };
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    // Anything else reading the parts is the body itself: cut off before its closing boundary,
    // malformed part headers (busboy's plain Errors carry no code).
    throw multipartRefusal(e) ?? refused('上传内容不完整或格式不正确，请重新上传');
  }
  if (!file) throw refused('请选择要上传的图片');
  const { bytes, filename } = file;
  if (bytes.length === 0) throw refused('上传的文件是空的，请重新选择图片');
  const ext = sniffImage(bytes);
  if (!ext) throw refused('只能上传 JPEG、PNG 或 WebP 格式的图片');
  const clean = await reencodeImage(bytes, ext).catch((e: unknown) => {
    if (e instanceof UnreadableImage) throw refused(`图片无法读取：文件已损坏，或超过 ${MAX_INPUT_PIXELS / 1_000_000} 百万像素`);
    throw e;
  });
  return { bytes: clean, ext, name: displayName(filename), fields };
}
