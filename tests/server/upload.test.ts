import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from './support/testApp';
import { ADMIN, MANAGER_1, FINANCE } from './support/restCalls';
import { auditLogs, uploads } from '../../server/db/schema';
import { MAX_UPLOAD_BYTES, UPLOAD_PATH, type UploadedImage } from '../../contract/upload';

/** Real 1x1 images of each accepted kind. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKC' +
    'goKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAj/xAAUEA' +
    'EAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKpAB//Z',
  'base64',
);
const WEBP = Buffer.from('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=', 'base64');

interface Part {
  field?: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body as a browser sends it. */
function multipart(parts: Part[]) {
  const boundary = '----beautyTestBoundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition =
      p.filename === undefined
        ? `form-data; name="${p.field ?? 'file'}"`
        : `form-data; name="${p.field ?? 'file'}"; filename="${p.filename}"`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.contentType ? `Content-Type: ${p.contentType}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let t: TestContext;
let dataDir: string;
let admin: string;
const uploadDir = () => path.join(dataDir, 'uploads');

async function upload(token: string | undefined, parts: Part[]) {
  const body = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: UPLOAD_PATH,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.statusCode, body: res.json() };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beauty-upload-test-'));
  t = await createTestContext({ dataDir });
  admin = await t.login(ADMIN);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('upload: accepted images', () => {
  it.each([
    ['PNG', PNG, 'png', 'image/png', 'brow.png'],
    ['JPEG', JPEG, 'jpg', 'image/jpeg', '唇部效果.jpeg'],
    ['WebP', WEBP, 'webp', 'image/webp', 'banner.webp'],
  ])(
    'stores a %s re-encoded under a random name, records and audits it, and serves it back with nosniff',
    async (_kind, upload1x1, ext, mime, filename) => {
      const r = await upload(admin, [{ filename, contentType: 'application/octet-stream', data: upload1x1 }]);
      expect(r.status).toBe(200);
      const image = r.body.data as UploadedImage;
      const stored = image.url.slice(UPLOAD_PATH.length + 1);
      expect(image.url.startsWith(`${UPLOAD_PATH}/`)).toBe(true);
      expect(stored).toMatch(new RegExp(`^[0-9a-f]{32}\\.${ext}$`));
      // What is kept is the decoded image encoded afresh (server/storage/reencodeImage.ts), same kind and size.
      const bytes = fs.readFileSync(path.join(uploadDir(), stored));
      expect(image).toMatchObject({ name: filename, size: bytes.length, mime });
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([{ jpg: 'jpeg', png: 'png', webp: 'webp' }[ext], 1, 1]);

      const [row] = await t.database.db.select().from(uploads).where(eq(uploads.storedName, stored));
      expect(row).toMatchObject({ originalName: filename, mime, sizeBytes: bytes.length, accountId: t.demo.accountIds[ADMIN] });
      const [trail] = await t.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entity, 'upload'), eq(auditLogs.entityId, String(row.id))));
      expect(trail).toMatchObject({ action: 'upload', accountId: t.demo.accountIds[ADMIN] });
      expect(trail.summary).toContain(stored);

      const served = await t.app.inject({ method: 'GET', url: image.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(mime);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(bytes)).toBe(true);
    },
  );

  it('lets every logged-in role upload and nobody without a token', async () => {
    for (const phone of [MANAGER_1, FINANCE]) {
      expect((await upload(await t.login(phone), [{ filename: 'a.png', contentType: 'image/png', data: PNG }])).status).toBe(200);
    }
    const anonymous = await upload(undefined, [{ filename: 'a.png', contentType: 'image/png', data: PNG }]);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe(50008);
  });

  it('stores a file named with path tricks under a random name inside the upload folder', async () => {
    const before = new Set(fs.readdirSync(uploadDir()));
    const r = await upload(admin, [{ filename: '../../etc/passwd.png', contentType: 'image/png', data: PNG }]);
    expect(r.status).toBe(200);
    expect(r.body.data.name).toBe('passwd.png');
    const added = fs.readdirSync(uploadDir()).filter((f) => !before.has(f));
    expect(added).toEqual([r.body.data.url.slice(UPLOAD_PATH.length + 1)]);
    expect(fs.existsSync(path.join(dataDir, '..', 'etc', 'passwd.png'))).toBe(false);
    expect(fs.existsSync(path.join(uploadDir(), '..', '..', 'etc', 'passwd.png'))).toBe(false);
    const windows = await upload(admin, [{ filename: '..\\..\\boot.ini.png', contentType: 'image/png', data: PNG }]);
    expect(windows.body.data.name).toBe('boot.ini.png');
  });
});

describe('upload: refused', () => {
  const refusedWith = (r: { status: number; body: { code: number; msg: string; data: { fields: { field: string }[] } } }, msg: string) => {
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(40000);
    expect(r.body.msg).toBe(msg);
    expect(r.body.data.fields.map((f) => f.field)).toEqual(['file']);
  };

  it('refuses a text file renamed .png and declared image/png, by its bytes', async () => {
    const count = fs.readdirSync(uploadDir()).length;
    refusedWith(
      await upload(admin, [{ filename: 'photo.png', contentType: 'image/png', data: 'just some text, not an image at all' }]),
      '只能上传 JPEG、PNG 或 WebP 格式的图片',
    );
    refusedWith(
      await upload(admin, [
        {
          filename: 'x.svg',
          contentType: 'image/svg+xml',
          data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        },
      ]),
      '只能上传 JPEG、PNG 或 WebP 格式的图片',
    );
    refusedWith(
      await upload(admin, [{ filename: 'a.gif', contentType: 'image/gif', data: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1') }]),
      '只能上传 JPEG、PNG 或 WebP 格式的图片',
    );
    expect(fs.readdirSync(uploadDir()).length).toBe(count);
  });

  it('refuses more than 5 MB, an empty file, no file and a second file', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - PNG.length)]);
    refusedWith(await upload(admin, [{ filename: 'big.png', contentType: 'image/png', data: big }]), '图片不能超过 5 MB');
    const exactly = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES - PNG.length)]);
    expect((await upload(admin, [{ filename: 'max.png', contentType: 'image/png', data: exactly }])).status).toBe(200);
    refusedWith(
      await upload(admin, [{ filename: 'empty.png', contentType: 'image/png', data: Buffer.alloc(0) }]),
      '上传的文件是空的，请重新选择图片',
    );
    refusedWith(await upload(admin, [{ field: 'note', data: 'no file here' }]), '请选择要上传的图片');
    refusedWith(
      await upload(admin, [
        { filename: 'a.png', contentType: 'image/png', data: PNG },
        { filename: 'b.png', contentType: 'image/png', data: PNG },
      ]),
      '一次只能上传一张图片',
    );
  });

  it('refuses a body that is not multipart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: UPLOAD_PATH,
      payload: { file: 'x' },
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请以 multipart/form-data 方式上传图片');
  });
});

describe('upload: serving', () => {
  it('answers 404 for names that are not ours, traversal included, and never leaks a file', async () => {
    fs.writeFileSync(path.join(dataDir, 'secret.txt'), 'secret');
    for (const url of [
      `${UPLOAD_PATH}/..%2Fsecret.txt`,
      `${UPLOAD_PATH}/..%2F..%2Fetc%2Fpasswd`,
      `${UPLOAD_PATH}/../secret.txt`,
      `${UPLOAD_PATH}/%2e%2e%2fsecret.txt`,
      `${UPLOAD_PATH}/secret.txt`,
      `${UPLOAD_PATH}/0123456789abcdef0123456789abcdef.png`,
      `${UPLOAD_PATH}/0123456789ABCDEF0123456789ABCDEF.png`,
      `${UPLOAD_PATH}/0123456789abcdef0123456789abcdef.svg`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe(40400);
      expect(res.body).not.toContain('secret');
    }
  });
});
