import { http, HttpResponse } from 'msw';
import { MAX_UPLOAD_BYTES, UPLOAD_PATH, type UploadMime, type UploadedImage } from '../../contract/upload';
import { api, badField } from './engine/http';
import { authenticate } from './engine/session';
import { kept } from './engine/store';

/** Uploaded images, kept in memory and served without a token as the server serves them. */
const images = kept(new Map<string, { bytes: ArrayBuffer; mime: UploadMime }>());

/** Image kinds by their first bytes, as the server sniffs them (the name and declared type are ignored). */
function sniff(bytes: Uint8Array): { ext: string; mime: UploadMime } | undefined {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return { ext: 'jpg', mime: 'image/jpeg' };
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', mime: 'image/png' };
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return { ext: 'webp', mime: 'image/webp' };
  return undefined;
}

export const uploadHandlers = [
  api.post(UPLOAD_PATH, async ({ request }) => {
    authenticate(request);
    const file = (await request.formData()).get('file');
    if (!(file instanceof File)) throw badField('file', '请选择要上传的图片');
    if (file.size > MAX_UPLOAD_BYTES) throw badField('file', `图片不能超过 ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
    if (file.size === 0) throw badField('file', '上传的文件是空的，请重新选择图片');
    const bytes = await file.arrayBuffer();
    const kind = sniff(new Uint8Array(bytes));
    if (!kind) throw badField('file', '只能上传 JPEG、PNG 或 WebP 格式的图片');
    const name = `${crypto.randomUUID().replace(/-/g, '')}.${kind.ext}`;
    images.set(name, { bytes, mime: kind.mime });
    const image: UploadedImage = { id: images.size, url: `${UPLOAD_PATH}/${name}`, name: file.name, size: file.size, mime: kind.mime };
    return image;
  }),
  http.get(`*${UPLOAD_PATH}/:name`, ({ params }) => {
    const image = images.get(String(params.name));
    if (!image) return new HttpResponse(null, { status: 404 });
    return new HttpResponse(image.bytes, { headers: { 'content-type': image.mime, 'x-content-type-options': 'nosniff' } });
  }),
];
