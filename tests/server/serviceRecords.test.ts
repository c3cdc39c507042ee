import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/testApp';
import { openTestContext } from './support/openTestContext';
import { ADMIN, FINANCE, MANAGER_1, MANAGER_3, invalidFields, rest } from './support/restCalls';
import { query } from './support/authCalls';
import { checkoutFixture, createdOrder, paidOrder, poster, type CheckoutFixture } from './support/checkout';
import { answers, completeRecord, currentConsent, signatureDataUrl } from './support/serviceRecords';
import { API } from '../../contract/api';
import { UPLOAD_PATH, type UploadedImage } from '../../contract/upload';
import { DAILY_UPLOADS } from '../../server/storage/uploadQuota';
import type { ServiceRecord } from '../../contract/serviceRecord';
import type { PigmentUse } from '../../contract/pigmentUse';
import { shanghaiDayOf } from '../../contract/shanghaiTime';
import { UNNAMED_FILE_AGE_MS, privateImageStorage, sweepUnnamedPrivateFiles } from '../../server/serviceRecords/privateImages';

let t: TestContext;
let call: ReturnType<typeof rest>;
let post: ReturnType<typeof poster>;
let manager1: string;
let manager3: string;
let admin: string;
let finance: string;
let f: CheckoutFixture;
let dataDir: string;
const privateDir = () => path.join(dataDir, 'private', 'service-records');

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beauty-records-test-'));
  ({
    t,
    call,
    tokens: [manager1, manager3, admin, finance],
  } = await openTestContext([MANAGER_1, MANAGER_3, ADMIN, FINANCE], { dataDir }));
  post = poster(t);
  f = await checkoutFixture(t);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const DAY = 86_400_000;
let bookingDay = 50;
/** A brow visit of shop 1 (or the facial), booked on a day of its own. */
async function bookedVisit(programId = f.brow.id, customerId = f.plainCustomer): Promise<number> {
  const day = new Date(Date.now() + 8 * 3600_000 + bookingDay++ * DAY).toISOString().slice(0, 10);
  const booked = await call(manager1, 'POST', '/appointments', {
    customerId,
    programId,
    staffId: null,
    startAt: `${day}T11:00:00+08:00`,
    durationMinutes: 60,
  });
  expect(booked.body.msg).toBe('ok');
  return booked.body.data.id as number;
}

/** A brow visit of shop 1 (or the facial) walked to arrived, starting now. */
async function arrivedVisit(programId = f.brow.id, customerId = f.plainCustomer): Promise<number> {
  return walkToArrived(await bookedVisit(programId, customerId));
}

const recordIdsOf = async (appointmentId: number) =>
  (await query<{ id: number }>(t, 'select id from service_records where appointment_id = $1', [appointmentId])).map((r) => r.id);

/** A visit that arrived before records were opened at arrival: arrived, its record not there. */
async function arrivedWithoutRecord(): Promise<number> {
  const visit = await arrivedVisit();
  await query(t, 'delete from service_records where appointment_id = $1', [visit]);
  return visit;
}

/** A booked visit confirmed, moved to start now, and arrived. */
async function walkToArrived(id: number): Promise<number> {
  await call(manager1, 'POST', `/appointments/${id}/confirm`, {});
  await query(
    t,
    `update appointments set start_at = date_trunc('minute', now()), end_at = date_trunc('minute', now()) + interval '1 hour' where id = $1`,
    [id],
  );
  expect((await call(manager1, 'POST', `/appointments/${id}/arrive`, {})).body.msg).toBe('ok');
  return id;
}

async function openRecord(appointmentId: number): Promise<ServiceRecord> {
  const r = await call(manager1, 'POST', '/service-records', { appointmentId });
  expect(r.body.msg).toBe('ok');
  return r.body.data;
}

async function sign(recordId: number, photoConsent: boolean) {
  const version = await currentConsent(call, manager1, 1);
  return call(manager1, 'POST', `/service-records/${recordId}/consent`, {
    versionId: version.id,
    signature: await signatureDataUrl(),
    photoConsent,
  });
}

const complete = (appointmentId: number) => call(manager1, 'POST', `/appointments/${appointmentId}/complete`, {});

const browPng = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#d8b4a0' } })
    .png()
    .toBuffer();

async function photoUpload(
  token: string | undefined,
  recordId: number,
  kind: string,
  image?: { bytes: Buffer; filename: string; mime: string },
) {
  const { bytes, filename, mime } = image ?? { bytes: await browPng(), filename: 'brow.png', mime: 'image/png' };
  const boundary = '----records-test';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `${API.resourceBase}/service-records/${recordId}/photos`,
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.statusCode, body: res.json() };
}

const viewPhoto = (token: string | undefined, recordId: number, photoId: number) =>
  t.app.inject({
    method: 'GET',
    url: `${API.resourceBase}/service-records/${recordId}/photos/${photoId}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const deletePhoto = (token: string, recordId: number, photoId: number) =>
  call(token, 'DELETE', `/service-records/${recordId}/photos/${photoId}`);

/** The minute's upload count starts afresh, so a describe's photos never meet the per-minute limit of the ones before. */
const freshUploadMinute = () => query(t, `delete from rate_limit_hits where key like 'upload:%'`);

const privateFiles = () => (fs.existsSync(privateDir()) ? fs.readdirSync(privateDir()).sort() : []);

const storedPhotoNames = async (recordId: number) =>
  (
    await query<{ stored_name: string }>(t, 'select stored_name from service_record_photos where record_id = $1 order by id', [recordId])
  ).map((r) => r.stored_name);

describe('service records: opened at arrival', () => {
  it('arriving opens exactly one record, audited once; arriving again or POST answers no second one', async () => {
    const visit = await arrivedVisit();
    const [opened] = await recordIdsOf(visit);
    expect(await recordIdsOf(visit)).toHaveLength(1);
    const again = await call(manager1, 'POST', `/appointments/${visit}/arrive`, {});
    expect(again.status).toBe(409);
    const record = await openRecord(visit);
    expect(record).toMatchObject({
      id: opened,
      appointmentId: visit,
      shopId: f.shop1,
      missing: ['未填写健康问询', '未签署纹眉知情同意书'],
    });
    expect((await openRecord(visit)).id).toBe(opened);
    expect(await recordIdsOf(visit)).toEqual([opened]);
    const audits = await query(t, `select 1 from audit_logs where entity = 'service-record' and entity_id = $1 and action = 'create'`, [
      String(opened),
    ]);
    expect(audits).toHaveLength(1);
  });

  it('a visit not yet arrived has no record, and POST opens none for it', async () => {
    const visit = await bookedVisit();
    expect(await recordIdsOf(visit)).toEqual([]);
    const early = await call(manager1, 'POST', '/service-records', { appointmentId: visit });
    expect([early.status, early.body.msg]).toEqual([409, '预约已预约，只有已到店的预约可以建立服务档案']);
    expect(await recordIdsOf(visit)).toEqual([]);
  });

  it('a visit that arrived without a record gets one through POST, once', async () => {
    const visit = await arrivedWithoutRecord();
    const record = await openRecord(visit);
    expect((await openRecord(visit)).id).toBe(record.id);
    expect(await recordIdsOf(visit)).toEqual([record.id]);
  });
});

describe('service records: what completion needs', () => {
  it('refuses to complete a visit without a record, then names what the record lacks, then completes', async () => {
    const visit = await arrivedWithoutRecord();
    const none = await complete(visit);
    expect([none.status, none.body.msg]).toEqual([409, '服务档案不完整，不能完成服务：未建立服务档案']);

    const record = await openRecord(visit);
    expect(record.missing).toEqual(['未填写健康问询', '未签署纹眉知情同意书']);
    const empty = await complete(visit);
    expect([empty.status, empty.body.msg]).toEqual([409, '服务档案不完整，不能完成服务：未填写健康问询；未签署纹眉知情同意书']);

    await call(manager1, 'PATCH', `/service-records/${record.id}`, { health: answers() });
    const unsigned = await complete(visit);
    expect([unsigned.status, unsigned.body.msg]).toEqual([409, '服务档案不完整，不能完成服务：未签署纹眉知情同意书']);

    expect((await sign(record.id, false)).body.data.missing).toEqual([]);
    expect((await complete(visit)).body.data.status).toBe('completed');
  });

  it('needs the consent of the current version: a newer version published after signing stops completion', async () => {
    const visit = await arrivedVisit();
    const record = await openRecord(visit);
    await call(manager1, 'PATCH', `/service-records/${record.id}`, { health: answers() });
    const old = await currentConsent(call, manager1, 1);
    await sign(record.id, false);
    const published = await call(admin, 'POST', '/consent-versions', {
      programType: 1,
      title: '纹眉知情同意书（测试修订）',
      body: '本人自愿接受纹眉服务，已如实告知健康状况并了解术后护理要求。',
    });
    expect(published.body.data).toMatchObject({ programType: 1, version: old.version + 1, current: true });
    const stale = await complete(visit);
    expect([stale.status, stale.body.msg]).toEqual([
      409,
      `服务档案不完整，不能完成服务：纹眉知情同意书已更新为第 ${old.version + 1} 版，需重新签署`,
    ]);
    // Signing the old version now is refused; the current one completes.
    const again = await call(manager1, 'POST', `/service-records/${record.id}/consent`, {
      versionId: old.id,
      signature: await signatureDataUrl(),
      photoConsent: false,
    });
    expect(again.status).toBe(409);
    const signed = (await sign(record.id, false)).body.data as ServiceRecord;
    expect(signed).toMatchObject({ consentVersionId: published.body.data.id, consentTextHash: published.body.data.textHash });
    expect((await complete(visit)).body.data.status).toBe('completed');
    // The old version stays readable: records signed under it point at it.
    expect((await call(manager1, 'GET', `/consent-versions/${old.id}`)).body.data).toMatchObject({ id: old.id, current: false });
  });

  it('a blocking answer stops completion and the cashier until a manager overrides with a reason (audited)', async () => {
    const visit = await arrivedVisit();
    const record = await openRecord(visit);
    const patched = (await call(manager1, 'PATCH', `/service-records/${record.id}`, { health: answers(['pregnancy']) })).body
      .data as ServiceRecord;
    expect(patched.health.find((a) => a.key === 'pregnancy')).toMatchObject({ question: '是否怀孕或在哺乳期', blocks: true, answer: true });
    await sign(record.id, false);
    const blocked = await complete(visit);
    expect([blocked.status, blocked.body.msg]).toEqual([
      409,
      '服务档案不完整，不能完成服务：健康问询有禁忌项（是否怀孕或在哺乳期），需店长放行',
    ]);
    const order = { customerId: f.plainCustomer, appointmentId: visit, lines: [{ programId: f.brow.id, quantity: 1, discountFen: 0 }] };
    const refused = await post(manager1, '/orders', { ...order, staffShares: [{ staffId: f.staff[0], shareBp: 10_000 }] });
    expect([refused.status, refused.body.msg]).toEqual([
      409,
      expect.stringMatching(/^该预约的服务档案健康问询有禁忌项（是否怀孕或在哺乳期），需店长放行，放行前不能收银「.+」$/),
    ]);

    expect(invalidFields(await call(manager1, 'POST', `/service-records/${record.id}/override`, {}))).toEqual(['reason']);
    const overridden = await call(manager1, 'POST', `/service-records/${record.id}/override`, { reason: '已出具医生证明，确认可操作' });
    expect(overridden.body.data).toMatchObject({ overrideReason: '已出具医生证明，确认可操作', missing: [] });
    const audit = await query<{ summary: string }>(
      t,
      `select summary from audit_logs where entity = 'service-record' and entity_id = $1 and action = 'override'`,
      [String(record.id)],
    );
    expect(audit).toEqual([{ summary: '店长放行禁忌项（是否怀孕或在哺乳期）：已出具医生证明，确认可操作' }]);
    const created = await post(manager1, '/orders', { ...order, staffShares: [{ staffId: f.staff[0], shareBp: 10_000 }] });
    expect(created.body.msg).toBe('ok');
    expect((await complete(visit)).body.data.status).toBe('completed');
  });

  it('an order for a visit without a complete record is made, but paying it (which completes the visit) waits for the record', async () => {
    const visit = await arrivedWithoutRecord();
    const order = await createdOrder(t, manager1, {
      customerId: f.plainCustomer,
      appointmentId: visit,
      lines: [{ programId: f.brow.id, quantity: 1, discountFen: 0 }],
      staffShares: [{ staffId: f.staff[0], shareBp: 10_000 }],
    });
    const pay = () => post(manager1, `/orders/${order.id}/pay`, { payments: [{ method: 'cash', amountFen: order.payableFen }] });
    const early = await pay();
    expect([early.status, early.body.msg]).toEqual([409, '服务档案不完整，不能完成服务：未建立服务档案']);
    expect((await call(manager1, 'GET', `/orders/${order.id}`)).body.data.status).toBe('unpaid');
    await completeRecord(call, manager1, visit);
    expect((await pay()).body.data.status).toBe('paid');
    expect((await call(manager1, 'GET', `/appointments/${visit}`)).body.data.status).toBe('completed');
  });

  it('a beauty visit needs the questionnaire but no signed consent', async () => {
    const visit = await arrivedVisit(f.facial.id);
    const record = await openRecord(visit);
    expect(record.missing).toEqual(['未填写健康问询']);
    await call(manager1, 'PATCH', `/service-records/${record.id}`, { health: answers(['allergyMetal']) });
    expect((await complete(visit)).body.data.status).toBe('completed');
  });
});

describe('service records: pigments and the recall', () => {
  it('refuses an expired batch, naming the line; keeps the list; finds the customers of a batch and exports them', async () => {
    const visit = await arrivedVisit();
    const record = await openRecord(visit);
    const today = shanghaiDayOf(Date.now());
    const yesterday = shanghaiDayOf(Date.now() - DAY);
    const good = { brand: '色乳坊', colour: '深咖 03', batch: 'RECALL-TEST-01', expiresOn: today, amount: '0.2 ml', needle: '单针' };
    const expired = await call(manager1, 'PATCH', `/service-records/${record.id}`, {
      pigments: [good, { ...good, batch: 'OLD-01', expiresOn: yesterday }],
    });
    expect([expired.status, invalidFields(expired), expired.body.msg]).toEqual([
      400,
      ['pigments.1.expiresOn'],
      `批号 OLD-01 已过期（有效期至 ${yesterday}），不能使用`,
    ]);
    expect((await call(manager1, 'GET', `/service-records/${record.id}`)).body.data.pigments).toEqual([]);
    const saved = await call(manager1, 'PATCH', `/service-records/${record.id}`, { pigments: [good] });
    expect(saved.body.data.pigments).toEqual([good]);
    expect((await call(manager1, 'GET', '/service-records/recent-pigments')).body.data).toContainEqual({
      brand: good.brand,
      colour: good.colour,
      batch: good.batch,
      expiresOn: good.expiresOn,
      needle: good.needle,
    });

    const recall = await call(finance, 'GET', '/service-records?batch=RECALL-TEST-01');
    expect((recall.body.data as ServiceRecord[]).map((r) => [r.id, r.customerId])).toEqual([[record.id, f.plainCustomer]]);
    const uses = await call(admin, 'GET', '/pigment-uses?batch=RECALL-TEST-01&_start=0&_end=20');
    expect((uses.body.data as PigmentUse[]).map((u) => [u.recordId, u.customerId, u.shopName])).toEqual([
      [record.id, f.plainCustomer, expect.any(String)],
    ]);
    expect((await call(manager1, 'GET', '/pigment-uses?_start=0&_end=20')).status).toBe(403);
    const file = await t.app.inject({
      method: 'GET',
      url: `${API.resourceBase}/pigment-uses/export?batch=RECALL-TEST-01`,
      headers: { authorization: `Bearer ${finance}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('service records: private photos', () => {
  let record: ServiceRecord;
  let photoId: number;
  beforeAll(async () => {
    const visit = await arrivedVisit(f.brow.id, f.vipCustomer);
    record = await openRecord(visit);
  });

  it('takes photos only after the photo consent, re-encoded into the private folder, not the public uploads', async () => {
    const before = await photoUpload(manager1, record.id, 'before');
    expect([before.status, before.body.msg]).toEqual([409, '客户未授权照片存档，不能上传照片（请先在知情同意书中勾选照片授权）']);
    await sign(record.id, true);
    expect((await photoUpload(manager1, record.id, 'sideways')).status).toBe(400);
    const added = await photoUpload(manager1, record.id, 'before');
    expect(added.body.data.photos).toEqual([expect.objectContaining({ kind: 'before' })]);
    photoId = added.body.data.photos[0].id;
    const after = await photoUpload(manager1, record.id, 'after');
    expect((after.body.data as ServiceRecord).photos.map((p) => p.kind)).toEqual(['before', 'after']);
    const [name] = await storedPhotoNames(record.id);
    expect(fs.existsSync(path.join(privateDir(), name))).toBe(true);
    expect(fs.statSync(path.join(privateDir(), name)).mode & 0o077).toBe(0);
    // Not under the public uploads, by any name.
    const publicRes = await t.app.inject({ method: 'GET', url: `${API.resourceBase}/upload/${name}` });
    expect(publicRes.statusCode).toBe(404);
  });

  it('serves a photo to the serving shop and an admin, each view audited; never without a session, to another shop or to finance', async () => {
    const views = async () =>
      (
        await query<{ n: number }>(
          t,
          `select count(*)::int as n from audit_logs where entity = 'service-record' and entity_id = $1 and action = 'view-photo'`,
          [String(record.id)],
        )
      )[0].n;
    expect(await views()).toBe(0);
    const seen = await viewPhoto(manager1, record.id, photoId);
    expect([seen.statusCode, seen.headers['content-type'], seen.headers['cache-control']]).toEqual([200, 'image/png', 'private, no-store']);
    expect((await viewPhoto(admin, record.id, photoId)).statusCode).toBe(200);
    expect(await views()).toBe(2);

    expect((await viewPhoto(undefined, record.id, photoId)).statusCode).toBe(401);
    expect((await viewPhoto(manager3, record.id, photoId)).statusCode).toBe(404);
    expect((await viewPhoto(finance, record.id, photoId)).statusCode).toBe(403);
    expect(await views()).toBe(2);
    const signature = await t.app.inject({
      method: 'GET',
      url: `${API.resourceBase}/service-records/${record.id}/signature`,
      headers: { authorization: `Bearer ${manager1}` },
    });
    expect(signature.statusCode).toBe(200);
    const signatureViews = await query(t, `select 1 from audit_logs where entity_id = $1 and action = 'view-signature'`, [
      String(record.id),
    ]);
    expect(signatureViews).toHaveLength(1);
  });

  it('deletes every photo from storage when the customer withdraws photo consent, and says when and by whom', async () => {
    const names = await storedPhotoNames(record.id);
    expect(names).toHaveLength(2);
    const withdrawn = (await call(manager1, 'POST', `/service-records/${record.id}/withdraw-photo-consent`, {})).body.data as ServiceRecord;
    expect(withdrawn).toMatchObject({ photoConsent: false, photos: [], photoConsentWithdrawnByName: expect.any(String) });
    expect(withdrawn.photoConsentWithdrawnAt).not.toBeNull();
    for (const name of names) expect(fs.existsSync(path.join(privateDir(), name))).toBe(false);
    expect(await storedPhotoNames(record.id)).toEqual([]);
    expect((await viewPhoto(manager1, record.id, photoId)).statusCode).toBe(404);
    expect((await photoUpload(manager1, record.id, 'after')).status).toBe(409);
  });
});

describe('service records: a photo as received', () => {
  it('is re-encoded: what rode along with the pixels (EXIF) is not kept', async () => {
    await freshUploadMinute();
    const record = await openRecord(await arrivedVisit());
    await sign(record.id, true);
    const taken = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#d8b4a0' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: '术前拍摄设备', ImageDescription: 'GPS 31.2304N 121.4737E' } })
      .toBuffer();
    expect((await sharp(taken).metadata()).exif).toBeDefined();
    const added = await photoUpload(manager1, record.id, 'before', { bytes: taken, filename: 'IMG_0001.jpg', mime: 'image/jpeg' });
    expect(added.status).toBe(200);
    const [name] = await storedPhotoNames(record.id);
    expect(name).toMatch(/^[0-9a-f]{32}\.jpg$/);
    const kept = fs.readFileSync(path.join(privateDir(), name));
    const meta = await sharp(kept).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 64, 48, undefined]);
    expect(kept.includes('GPS 31.2304N')).toBe(false);
  });
});

describe('service records: deleting a photo', () => {
  let record: ServiceRecord;
  let other: ServiceRecord;
  beforeAll(async () => {
    await freshUploadMinute();
    record = await openRecord(await arrivedVisit());
    other = await openRecord(await arrivedVisit());
    for (const r of [record, other]) await sign(r.id, true);
    for (const kind of ['before', 'after']) expect((await photoUpload(manager1, record.id, kind)).status).toBe(200);
    expect((await photoUpload(manager1, other.id, 'before')).status).toBe(200);
  });
  const photosOf = async (recordId: number) =>
    (await call(manager1, 'GET', `/service-records/${recordId}`)).body.data.photos as ServiceRecord['photos'];

  it('removes the row and its file, audited; the other photos stay', async () => {
    const [before, after] = await photosOf(record.id);
    const [beforeName, afterName] = await storedPhotoNames(record.id);
    const deleted = await deletePhoto(manager1, record.id, before.id);
    expect(deleted.status).toBe(200);
    expect((deleted.body.data as ServiceRecord).photos.map((p) => p.id)).toEqual([after.id]);
    expect(await storedPhotoNames(record.id)).toEqual([afterName]);
    expect(fs.existsSync(path.join(privateDir(), beforeName))).toBe(false);
    expect(fs.existsSync(path.join(privateDir(), afterName))).toBe(true);
    const trail = await query<{ account_id: number; summary: string }>(
      t,
      `select account_id, summary from audit_logs where entity = 'service-record' and entity_id = $1 and action = 'delete-photo'`,
      [String(record.id)],
    );
    expect(trail).toEqual([{ account_id: t.demo.accountIds[MANAGER_1], summary: `删除术前照片（照片 ${before.id}）` }]);
    expect((await viewPhoto(manager1, record.id, before.id)).statusCode).toBe(404);
    const again = await deletePhoto(manager1, record.id, before.id);
    expect([again.status, again.body.msg]).toEqual([404, '照片不存在']);
  });

  it('answers 404 for a photo of another record and to another shop, and deletes nothing', async () => {
    const [ofOther] = await photosOf(other.id);
    const [mine] = await photosOf(record.id);
    const otherNames = await storedPhotoNames(other.id);
    const myNames = await storedPhotoNames(record.id);
    const crossed = await deletePhoto(manager1, record.id, ofOther.id);
    expect([crossed.status, crossed.body.msg]).toEqual([404, '照片不存在']);
    expect((await deletePhoto(manager3, record.id, mine.id)).status).toBe(404);
    expect((await deletePhoto(manager3, other.id, ofOther.id)).status).toBe(404);
    expect(await storedPhotoNames(other.id)).toEqual(otherNames);
    expect(await storedPhotoNames(record.id)).toEqual(myNames);
    for (const name of [...otherNames, ...myNames]) expect(fs.existsSync(path.join(privateDir(), name))).toBe(true);
  });
});

describe('service records: files follow the rows', () => {
  /** Runs `during` while the database refuses every row the check names, so the change rolls back after its file is written. */
  async function refusing(table: string, check: string, during: () => Promise<void>): Promise<void> {
    await query(t, `alter table ${table} add constraint refused_by_test check (${check}) not valid`);
    try {
      await during();
    } finally {
      await query(t, `alter table ${table} drop constraint refused_by_test`);
    }
  }

  it('a photo or a signature whose transaction rolls back leaves no file', async () => {
    await freshUploadMinute();
    const record = await openRecord(await arrivedVisit());
    await sign(record.id, true);
    const files = privateFiles();
    await refusing('service_record_photos', 'false', async () => {
      expect((await photoUpload(manager1, record.id, 'before')).status).not.toBe(200);
    });
    expect(await storedPhotoNames(record.id)).toEqual([]);
    expect(privateFiles()).toEqual(files);

    await refusing('service_records', 'signature_name is null', async () => {
      expect((await sign(record.id, true)).status).not.toBe(200);
    });
    expect(privateFiles()).toEqual(files);
    // Nothing held back: the same changes go through once the database takes them.
    expect((await photoUpload(manager1, record.id, 'before')).status).toBe(200);
    expect(privateFiles()).toHaveLength(files.length + 1);
  });

  it('the sweep deletes the files no row names once they are an hour old, and keeps the rest', async () => {
    await freshUploadMinute();
    const record = await openRecord(await arrivedVisit());
    await sign(record.id, true);
    for (const kind of ['before', 'after']) expect((await photoUpload(manager1, record.id, kind)).status).toBe(200);
    const [kept, leftBehind] = await storedPhotoNames(record.id);
    const [{ signature_name: signature }] = await query<{ signature_name: string }>(
      t,
      'select signature_name from service_records where id = $1',
      [record.id],
    );
    // A photo deleted by a commit whose file removal never ran, a file of a transaction that never finished, one being written now.
    await query(t, 'delete from service_record_photos where stored_name = $1', [leftBehind]);
    const store = privateImageStorage(dataDir);
    const unfinished = await store.save(await browPng(), 'png');
    const writtenNow = await store.save(await browPng(), 'png');
    const overAnHourAgo = new Date(Date.now() - UNNAMED_FILE_AGE_MS - 60_000);
    for (const name of [kept, leftBehind, signature, unfinished])
      fs.utimesSync(path.join(privateDir(), name), overAnHourAgo, overAnHourAgo);

    expect((await sweepUnnamedPrivateFiles(t.database.db, store)).sort()).toEqual([leftBehind, unfinished].sort());
    for (const name of [leftBehind, unfinished]) expect(fs.existsSync(path.join(privateDir(), name))).toBe(false);
    for (const name of [kept, signature, writtenNow]) expect(fs.existsSync(path.join(privateDir(), name))).toBe(true);
    const [photo] = (await call(manager1, 'GET', `/service-records/${record.id}`)).body.data.photos as ServiceRecord['photos'];
    expect((await viewPhoto(manager1, record.id, photo.id)).statusCode).toBe(200);
    await store.remove(writtenNow);
  });
});

/** An image sent through POST upload, as the console's upload control sends it. */
async function uploadImage(token: string): Promise<UploadedImage> {
  const png = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  const boundary = '----records-upload';
  const res = await t.app.inject({
    method: 'POST',
    url: UPLOAD_PATH,
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="签名.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('service records: a signature given as an upload', () => {
  const signWith = async (recordId: number, signature: unknown) =>
    call(manager1, 'POST', `/service-records/${recordId}/consent`, {
      versionId: (await currentConsent(call, manager1, 1)).id,
      signature,
      photoConsent: false,
    });

  it('takes the shop’s upload by id into the private store, once; the public copy is gone', async () => {
    const record = await openRecord(await arrivedVisit());
    const upload = await uploadImage(manager1);
    const publicName = upload.url.slice(UPLOAD_PATH.length + 1);
    expect(fs.existsSync(path.join(dataDir, 'uploads', publicName))).toBe(true);

    const signed = await signWith(record.id, upload.id);
    expect(signed.body.data).toMatchObject({ consentSignedAt: expect.any(String), missing: ['未填写健康问询'] });
    const [{ signature_name: kept }] = await query<{ signature_name: string }>(
      t,
      'select signature_name from service_records where id = $1',
      [record.id],
    );
    expect(fs.statSync(path.join(privateDir(), kept)).mode & 0o077).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'uploads', publicName))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: upload.url })).statusCode).toBe(404);
    const [row] = await query<{ stored_name: string }>(t, 'select stored_name from uploads where id = $1', [upload.id]);
    expect(row.stored_name).toBe(`private/service-records/${kept}`);
    const [trail] = await query<{ summary: string }>(
      t,
      `select summary from audit_logs where entity = 'service-record' and entity_id = $1 and action = 'consent'`,
      [String(record.id)],
    );
    expect(trail.summary).toContain(`签名取自上传图片 ${upload.id}`);
    const shown = await t.app.inject({
      method: 'GET',
      url: `${API.resourceBase}/service-records/${record.id}/signature`,
      headers: { authorization: `Bearer ${manager1}` },
    });
    expect([shown.statusCode, shown.headers['content-type']]).toEqual([200, 'image/png']);

    // One upload signs one record.
    const other = await openRecord(await arrivedVisit());
    const again = await signWith(other.id, upload.id);
    expect([again.status, invalidFields(again), again.body.msg]).toEqual([400, ['signature'], '该上传图片已用于签名，请重新上传']);
  });

  it('refuses another shop’s upload, an admin’s, a missing one and a value that is neither', async () => {
    const record = await openRecord(await arrivedVisit());
    for (const token of [manager3, admin]) {
      const foreign = await signWith(record.id, (await uploadImage(token)).id);
      expect([foreign.status, invalidFields(foreign), foreign.body.msg]).toEqual([
        400,
        ['signature'],
        '签名图片不存在：请使用本店账号 24 小时内上传的图片',
      ]);
    }
    expect(invalidFields(await signWith(record.id, 2_000_000_000))).toEqual(['signature']);
    const neither = await signWith(record.id, true);
    expect([invalidFields(neither), neither.body.msg]).toEqual([['signature'], '签名必须是 PNG 图片（data URL）或上传图片的 ID']);
    expect((await signWith(record.id, 'data:image/gif;base64,R0lGOD')).body.msg).toBe('签名必须是 PNG 图片（data URL）');
    expect((await call(manager1, 'GET', `/service-records/${record.id}`)).body.data.consentSignedAt).toBeNull();
  });
});

describe('service records: photos and the daily upload quota', () => {
  it('each photo counts as an upload of its account; a full quota refuses the photo with 42900', async () => {
    const record = await openRecord(await arrivedVisit());
    await sign(record.id, true);
    const account = t.demo.accountIds[MANAGER_1];
    const counted = async () =>
      (
        await query<{ n: number }>(t, `select count(*)::int as n from uploads where account_id = $1 and stored_name like 'private/%'`, [
          account,
        ])
      )[0].n;
    const before = await counted();
    expect((await photoUpload(manager1, record.id, 'before')).status).toBe(200);
    expect(await counted()).toBe(before + 1);

    const [{ n: today }] = await query<{ n: number }>(
      t,
      `select count(*)::int as n from uploads where account_id = $1 and created_at > now() - interval '1 day'`,
      [account],
    );
    await query(
      t,
      `insert into uploads (stored_name, mime, size_bytes, account_id, created_at) select md5(random()::text) || '.png', 'image/png',
        100, $1, now() - interval '23 hours' from generate_series(1, $2::int)`,
      [account, DAILY_UPLOADS - today],
    );
    const full = await photoUpload(manager1, record.id, 'after');
    expect([full.status, full.body.code]).toEqual([429, 42900]);
    expect((await call(manager1, 'GET', `/service-records/${record.id}`)).body.data.photos).toHaveLength(1);
    await query(t, `delete from uploads where account_id = $1 and created_at < now() - interval '22 hours'`, [account]);
  });
});

describe('service records: touch-ups and chain customers', () => {
  const browLine = () => ({ programId: f.brow.id, quantity: 1, discountFen: 0 });
  const solo = () => [{ staffId: f.staff[0], shareBp: 10_000 }];

  /** The touch-up the paid order granted, booked at shop 1 and walked to arrived. */
  async function arrivedTouchUp(orderId: number): Promise<number> {
    const [entitlement] = await query<{ id: number }>(
      t,
      `update touch_up_entitlements set valid_from = now() - interval '1 day', valid_until = now() + interval '400 days'
        where order_id = $1 returning id`,
      [orderId],
    );
    const day = new Date(Date.now() + 8 * 3600_000 + bookingDay++ * DAY).toISOString().slice(0, 10);
    const booked = await call(manager1, 'POST', '/appointments', {
      kind: 'after-sale',
      entitlementId: entitlement.id,
      staffId: null,
      startAt: `${day}T11:00:00+08:00`,
    });
    expect(booked.body.msg).toBe('ok');
    return walkToArrived(booked.body.data.id as number);
  }

  it('the touch-up’s record points at the original visit’s record, which it reads', async () => {
    const visit = await arrivedVisit();
    const original = await completeRecord(call, manager1, visit);
    const order = await paidOrder(t, manager1, {
      customerId: f.plainCustomer,
      appointmentId: visit,
      lines: [browLine()],
      staffShares: solo(),
    });
    const touchUp = await openRecord(await arrivedTouchUp(order.id));
    expect(touchUp).toMatchObject({ originalRecordId: original.id, customerId: f.plainCustomer });
    // Its own questionnaire and consent: the original's do not carry over.
    expect(touchUp.missing).toEqual(['未填写健康问询', '未签署纹眉知情同意书']);
    expect((await call(manager1, 'GET', `/service-records/${touchUp.originalRecordId}`)).body.data).toMatchObject({
      id: original.id,
      appointmentId: visit,
    });
  });

  it('a chain customer served at another shop gets a record of the serving shop, read (photos too) by her home shop', async () => {
    const c = f.customerOfShop3;
    // Found by her full phone, she is booked at shop 1 like its own customers.
    expect((await call(manager1, 'GET', `/customers/lookup?phone=${c.phone}`)).body.data.id).toBe(c.id);
    const record = await openRecord(await arrivedVisit(f.brow.id, c.id));
    expect(record).toMatchObject({ shopId: f.shop1, customerShopId: f.shop3, customerId: c.id });
    await sign(record.id, true);
    const photo = (await photoUpload(manager1, record.id, 'before')).body.data.photos[0].id as number;

    const atHome = await call(manager3, 'GET', `/service-records?customerId=${c.id}`);
    expect((atHome.body.data as ServiceRecord[]).map((r) => r.id)).toEqual([record.id]);
    expect((await viewPhoto(manager3, record.id, photo)).statusCode).toBe(200);
    const [view] = await query<{ account_id: number }>(
      t,
      `select account_id from audit_logs where entity = 'service-record' and entity_id = $1 and action = 'view-photo'`,
      [String(record.id)],
    );
    expect(view.account_id).toBe(t.demo.accountIds[MANAGER_3]);
    // The serving shop writes it; the home shop does not.
    expect((await call(manager3, 'PATCH', `/service-records/${record.id}`, { notes: '改' })).status).toBe(404);
    expect((await photoUpload(manager3, record.id, 'after')).status).toBe(404);

    // She may take the photo consent back at her home shop: the photos go, rows and files.
    const names = await storedPhotoNames(record.id);
    const [{ name: homeManager }] = await query<{ name: string }>(t, 'select name from accounts where id = $1', [
      t.demo.accountIds[MANAGER_3],
    ]);
    const withdrawn = await call(manager3, 'POST', `/service-records/${record.id}/withdraw-photo-consent`, {});
    expect(withdrawn.body.data).toMatchObject({ photoConsent: false, photos: [], photoConsentWithdrawnByName: homeManager });
    expect(await storedPhotoNames(record.id)).toEqual([]);
    for (const name of names) expect(fs.existsSync(path.join(privateDir(), name))).toBe(false);
    const [trail] = await query<{ account_id: number }>(
      t,
      `select account_id from audit_logs where entity = 'service-record' and entity_id = $1 and action = 'withdraw-photo-consent'`,
      [String(record.id)],
    );
    expect(trail.account_id).toBe(t.demo.accountIds[MANAGER_3]);
  });
});

describe('service records: who sees them', () => {
  it('a customer whose home shop is another has her record read there too, and written only by the serving shop', async () => {
    const [customer] = await query<{ id: number }>(t, 'select id from customers where shop_id = $1 order by id desc limit 1', [f.shop1]);
    const visit = await bookedVisit(f.brow.id, customer.id);
    // Booking takes the shop's own customers; her home shop is shop 3 by the time she arrives.
    await query(t, 'update customers set shop_id = $1 where id = $2', [f.shop3, customer.id]);
    const record = await openRecord(await walkToArrived(visit));
    expect(record).toMatchObject({ shopId: f.shop1, customerShopId: f.shop3 });
    const atHome = await call(manager3, 'GET', `/service-records?customerId=${customer.id}`);
    expect((atHome.body.data as ServiceRecord[]).map((r) => r.id)).toEqual([record.id]);
    expect((await call(manager3, 'PATCH', `/service-records/${record.id}`, { notes: '改' })).status).toBe(404);
    expect((await call(manager1, 'PATCH', `/service-records/${record.id}`, { notes: '术后反馈良好' })).body.data.notes).toBe(
      '术后反馈良好',
    );
  });

  it('finds a visit’s record by its appointment, for the shops that may see it', async () => {
    const visit = await arrivedVisit();
    await arrivedVisit();
    const [recordId] = await recordIdsOf(visit);
    const byVisit = (token: string, appointmentId: number | string) =>
      call(token, 'GET', `/service-records?appointmentId=${appointmentId}`);
    for (const token of [manager1, admin, finance])
      expect(((await byVisit(token, visit)).body.data as ServiceRecord[]).map((r) => r.id)).toEqual([recordId]);
    expect((await byVisit(manager3, visit)).body.data).toEqual([]);
    expect((await byVisit(manager1, await bookedVisit())).body.data).toEqual([]);
    const malformed = await byVisit(manager1, 'abc');
    expect([malformed.status, invalidFields(malformed), malformed.body.msg]).toEqual([400, ['appointmentId'], '预约 ID 格式不正确']);
  });

  it('another shop reads none of shop 1’s own customers’ records', async () => {
    const mine = await call(manager1, 'GET', `/service-records?customerId=${f.plainCustomer}`);
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect((await call(manager3, 'GET', `/service-records?customerId=${f.plainCustomer}`)).body.data).toEqual([]);
    expect((await call(manager3, 'GET', `/service-records/${mine.body.data[0].id}`)).status).toBe(404);
    expect((await call(manager1, 'GET', '/service-records')).status).toBe(400);
  });

  it('the demo has records with questionnaires, signatures and photos, their files in the private folder', async () => {
    const rows = await query<{ n: number; photos: number; signed: number }>(
      t,
      `select count(*)::int as n, (select count(*)::int from service_record_photos) as photos,
        count(*) filter (where signature_name is not null)::int as signed from service_records where created_by is null`,
    );
    expect(rows[0].n).toBeGreaterThan(0);
    expect(rows[0].signed).toBe(rows[0].n);
    expect(rows[0].photos).toBeGreaterThan(0);
    const [photo] = await query<{ stored_name: string }>(t, 'select stored_name from service_record_photos order by id limit 1');
    expect(fs.existsSync(path.join(privateDir(), photo.stored_name))).toBe(true);
  });
});
