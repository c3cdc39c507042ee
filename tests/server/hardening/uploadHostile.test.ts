import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/testApp';
import { freshRateWindow, query } from '../support/authCalls';
import { ADMIN, FINANCE, MANAGER_1 } from '../support/restCalls';
import { UPLOAD_PATH } from '../../../contract/upload';
import { DAILY_UPLOADS, DAILY_UPLOAD_BYTES, UPLOADS_PER_MINUTE } from '../../../server/storage/uploadQuota';
import { MAX_IMAGE_SIDE } from '../../../server/storage/reencodeImage';

const BOUNDARY = '----beautyHostileBoundary';
function body(filename: string, data: Buffer, opts: { close?: boolean } = {}): Buffer {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return Buffer.concat([head, data, opts.close === false ? Buffer.alloc(0) : Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

let t: TestContext;
let dataDir: string;
let admin: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beauty-upload-hostile-'));
  t = await createTestContext({ dataDir });
  admin = await t.login(ADMIN);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function send(token: string, payload: Buffer) {
  const res = await t.app.inject({
    method: 'POST',
    url: UPLOAD_PATH,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}
const stored = (url: string) => fs.readFileSync(path.join(dataDir, 'uploads', url.slice(UPLOAD_PATH.length + 1)));
const image = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 90 } } });

/** A PNG whose header claims width x height over a tiny body: a decompression bomb's signature. */
function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([len, Buffer.from(type), data, crc]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('an upload cut off before its closing boundary', () => {
  it('answers 400 with a Chinese message, not 500', async () => {
    const png = await image(4, 4).png().toBuffer();
    for (const cut of [body('a.png', png, { close: false }), body('a.png', png).subarray(0, 60)]) {
      const r = await send(admin, cut);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(40000);
      expect(r.body.msg).toMatch(/上传/);
    }
  });
});

describe('images carrying something else', () => {
  const script = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');

  it('stores a PNG followed by HTML re-encoded, without the HTML', async () => {
    const r = await send(admin, body('x.png', Buffer.concat([await image(8, 8).png().toBuffer(), script])));
    expect(r.status).toBe(200);
    const bytes = stored(r.body.data.url);
    expect(bytes.includes('<script')).toBe(false);
    expect((await sharp(bytes).metadata()).format).toBe('png');
    expect(r.body.data.size).toBe(bytes.length);
  });

  it('stores a JPEG with SVG in a comment segment and EXIF metadata without either', async () => {
    const jpeg = await image(8, 8)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'gps-secret' } })
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, (svg.length + 2) >> 8, (svg.length + 2) & 0xff]), svg]);
    const r = await send(admin, body('x.jpg', Buffer.concat([jpeg.subarray(0, 2), comment, jpeg.subarray(2)])));
    expect(r.status).toBe(200);
    const bytes = stored(r.body.data.url);
    expect(bytes.includes('<svg')).toBe(false);
    expect(bytes.includes('gps-secret')).toBe(false);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.exif]).toEqual(['jpeg', undefined]);
  });

  it('never stores a WebP with a script after it as it came', async () => {
    const r = await send(admin, body('x.webp', Buffer.concat([await image(8, 8).webp().toBuffer(), script])));
    if (r.status === 200) expect(stored(r.body.data.url).includes('<script')).toBe(false);
    else expect(r.status).toBe(400);
  });

  it(`scales a large image to at most ${MAX_IMAGE_SIDE} px per side, keeping its format`, async () => {
    const r = await send(
      admin,
      body(
        'wide.webp',
        await image(MAX_IMAGE_SIDE + 904, 50)
          .webp()
          .toBuffer(),
      ),
    );
    expect(r.status).toBe(200);
    const meta = await sharp(stored(r.body.data.url)).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', MAX_IMAGE_SIDE]);
  });

  it('refuses a decompression bomb and a broken image with 400', async () => {
    for (const bytes of [pngClaiming(30_000, 30_000), Buffer.concat([(await image(8, 8).png().toBuffer()).subarray(0, 40)])]) {
      const r = await send(admin, body('bomb.png', bytes));
      expect(r.status).toBe(400);
      expect(r.body.data.fields[0].field).toBe('file');
    }
  });
});

describe('upload limits per account', () => {
  it(`allows ${UPLOADS_PER_MINUTE} uploads a minute, then 429 with Retry-After`, async () => {
    const manager = await t.login(MANAGER_1);
    const png = body('a.png', await image(2, 2).png().toBuffer());
    await freshRateWindow(t, 60, 20);
    for (let i = 0; i < UPLOADS_PER_MINUTE; i++) expect((await send(manager, png)).status).toBe(200);
    const r = await send(manager, png);
    expect([r.status, r.body.code]).toEqual([429, 42900]);
    expect(r.body.msg).toMatch(/上传/);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  });

  it(`refuses more than ${DAILY_UPLOADS} images or ${DAILY_UPLOAD_BYTES / 1024 / 1024} MB in 24 hours`, async () => {
    const finance = await t.login(FINANCE);
    const account = t.demo.accountIds[FINANCE];
    const png = body('a.png', await image(2, 2).png().toBuffer());
    await query(
      t,
      `insert into uploads (stored_name, mime, size_bytes, account_id, created_at) select md5(random()::text) || '.png', 'image/png',
        100, $1, now() - interval '23 hours' from generate_series(1, $2::int)`,
      [account, DAILY_UPLOADS],
    );
    const r = await send(finance, png);
    expect([r.status, r.body.code]).toEqual([429, 42900]);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(3000);
    expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(3600);
    await query(t, `delete from uploads where account_id = $1`, [account]);
    await query(t, `insert into uploads (stored_name, mime, size_bytes, account_id) values ('big.png', 'image/png', $2, $1)`, [
      account,
      DAILY_UPLOAD_BYTES,
    ]);
    expect((await send(finance, png)).status).toBe(429);
  });
});
