import sharp from 'sharp';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { appointments, consentVersions, customers, pigmentUses, programs, serviceRecordPhotos, serviceRecords } from '../db/schema';
import type { ImageStorage } from '../storage/imageStorage';
import { consentTextHash } from '../serviceRecords/consentVersions';
import { answersAsGiven } from '../serviceRecords/health';
import { HEALTH_QUESTIONS, type HealthQuestionKey } from '../../contract/healthQuestionnaire';
import type { PhotoKind } from '../../contract/serviceRecord';
import { shanghaiDayOf } from '../../contract/shanghaiTime';
import { seededRandom, type Random } from './random';

const DAY_MS = 86_400_000;
/** Completed brow and lip visits per shop that get a full record (the older history predates records). */
const HISTORY_PER_SHOP = 3;

const CONSENT_BODY = (what: string, risks: string) =>
  `本人自愿接受${what}服务，并确认：\n` +
  `一、已如实告知过敏史、妊娠或哺乳、用药、慢性病、疤痕体质及操作部位皮肤状况；隐瞒造成的后果由本人承担。\n` +
  `二、已了解操作可能出现的反应：${risks}；色料在皮肤中的显色因人而异，一般需补色一次。\n` +
  `三、术后按门店提供的护理说明护理，期间如有异常及时联系门店。\n` +
  `四、门店按《个人信息保护法》保管本档案；术前术后照片仅在本人单独勾选授权后拍摄和保存，本人可随时撤回授权，撤回后照片即被删除。`;

/** The demo's consent texts: brow in two versions (the second current), lip and beauty in one. */
const DEMO_CONSENTS = [
  { programType: 1, title: '纹眉知情同意书', body: CONSENT_BODY('纹眉（雾眉、线条眉等）', '红肿、轻微渗液、结痂、颜色深浅不均') },
  {
    programType: 1,
    title: '纹眉知情同意书（2026 修订）',
    body: CONSENT_BODY('纹眉（雾眉、线条眉、野生眉等）', '红肿、轻微渗液、结痂、颜色深浅不均、个别人出现过敏反应'),
  },
  { programType: 2, title: '纹唇知情同意书', body: CONSENT_BODY('纹唇（水晶唇、雾感唇等）', '唇部肿胀、干裂脱皮、单纯疱疹复发') },
  { programType: 3, title: '美容服务知情同意书', body: CONSENT_BODY('皮肤护理', '短时泛红、轻微刺痛') },
] as const;

const DEMO_PIGMENTS = [
  { brand: '色乳坊', colour: '深咖 03', batch: 'SRF-2026-0915', needle: '单针 0.18' },
  { brand: '色乳坊', colour: '灰棕 05', batch: 'SRF-2026-1002', needle: '三针 0.25' },
  { brand: 'Perma Color', colour: 'Rose 12', batch: 'PC-26-0811', needle: '圆五针' },
] as const;

const SKIN = ['#f3d6c2', '#eec4a8', '#f6dccb', '#e8bea0'] as const;

/** A drawn signature: a few strokes of a pen on white, a PNG as the signature pad makes. */
async function signatureImage(r: Random): Promise<Buffer> {
  const strokes = Array.from({ length: 3 }, (_, i) => {
    const x = 30 + i * 110;
    const y = 70 + r.int(-10, 10);
    return `<path d="M${x} ${y} C ${x + 20} ${y - 50}, ${x + 50} ${y + 40}, ${x + 90} ${y - r.int(0, 30)}" stroke="#1f1f1f" stroke-width="4" fill="none" stroke-linecap="round"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="140"><rect width="400" height="140" fill="#fff"/>${strokes}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A close-up of the brow or lip area: bare before, drawn after. */
async function visitPhoto(r: Random, programType: number, kind: PhotoKind): Promise<Buffer> {
  const done = kind !== 'before';
  const area =
    programType === 2
      ? `<path d="M120 180 Q 160 146 200 172 Q 240 146 280 180 Q 200 250 120 180 Z" fill="${done ? '#c93a52' : '#d99a94'}"/>`
      : `<path d="M90 170 Q 180 ${done ? 118 : 136} 310 160" fill="none" stroke="${done ? '#4a2e22' : '#a88a78'}" stroke-width="${done ? 22 : 9}" stroke-linecap="round"/>`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="${r.pick(SKIN)}"/>` +
    `<circle cx="320" cy="60" r="90" fill="#fff" opacity="0.15"/>${area}</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 70 }).toBuffer();
}

/**
 * The demo's consent versions and service records: every visit in the shop today has its record
 * (questionnaire, consent of the current version, signature, a before photo), so it can be completed
 * and paid; the last few completed brow and lip visits of each shop have a full one, pigments and
 * before/after photos included. The pictures are drawn here with sharp; nothing is downloaded.
 */
export async function seedServiceRecords(tx: Tx, shopIds: number[], images: ImageStorage, now = Date.now()): Promise<void> {
  const r = seededRandom(20261128);
  const versions: (typeof consentVersions.$inferSelect)[] = [];
  for (const [i, c] of DEMO_CONSENTS.entries()) {
    const version = DEMO_CONSENTS.slice(0, i).filter((x) => x.programType === c.programType).length + 1;
    const [row] = await tx
      .insert(consentVersions)
      .values({ ...c, version, textHash: consentTextHash(c.body), createdByName: '演示管理员' })
      .returning();
    versions.push(row);
  }
  const current = (type: number) => versions.filter((v) => v.programType === type).at(-1)!;

  const visit = { appointment: appointments, programType: programs.type, customerShopId: customers.shopId };
  const joined = () =>
    tx
      .select(visit)
      .from(appointments)
      .innerJoin(programs, eq(programs.id, appointments.programId))
      .innerJoin(customers, eq(customers.id, appointments.customerId));
  const today = await joined().where(and(inArray(appointments.shopId, shopIds), eq(appointments.status, 'arrived')));
  const history = [];
  for (const shopId of shopIds)
    history.push(
      ...(await joined()
        .where(and(eq(appointments.shopId, shopId), eq(appointments.status, 'completed'), inArray(programs.type, [1, 2])))
        .orderBy(desc(appointments.startAt))
        .limit(HISTORY_PER_SHOP)),
    );

  for (const v of [...today, ...history]) {
    const a = v.appointment;
    const completed = a.status === 'completed';
    const signedAt = new Date(Date.parse(a.startAt) + 5 * 60_000).toISOString();
    const consent = current(v.programType);
    const [record] = await tx
      .insert(serviceRecords)
      .values({
        shopId: a.shopId,
        customerShopId: v.customerShopId,
        customerId: a.customerId,
        customerName: a.customerName,
        appointmentId: a.id,
        programId: a.programId,
        programName: a.programName,
        programType: v.programType,
        staffName: a.staffName,
        servedAt: a.startAt,
        health: answersAsGiven({
          answers: Object.fromEntries(HEALTH_QUESTIONS.map((q) => [q.key, q.key === 'allergyMetal' && r.chance(0.3)])) as Record<
            HealthQuestionKey,
            boolean
          >,
          note: '',
        }),
        healthNote: r.chance(0.3) ? '自述对耳钉轻微过敏，已改用一次性无镍针具' : '',
        healthAnsweredAt: a.startAt,
        notes: completed ? '色料上色均匀，已告知术后 7 天避免沾水、勿抓挠结痂' : '',
        consentVersionId: consent.id,
        consentVersion: consent.version,
        consentTitle: consent.title,
        consentTextHash: consent.textHash,
        consentSignedAt: signedAt,
        signatureName: await images.save(await signatureImage(r), 'png'),
        photoConsent: true,
        createdByName: a.staffName,
      })
      .returning({ id: serviceRecords.id });
    const kinds: PhotoKind[] = completed ? ['before', 'after'] : ['before'];
    for (const kind of kinds)
      await tx.insert(serviceRecordPhotos).values({
        recordId: record.id,
        kind,
        storedName: await images.save(await visitPhoto(r, v.programType, kind), 'webp'),
        createdByName: a.staffName,
        createdAt: signedAt,
      });
    if (v.programType !== 3) {
      const pigment = v.programType === 2 ? DEMO_PIGMENTS[2] : r.pick(DEMO_PIGMENTS.slice(0, 2));
      await tx.insert(pigmentUses).values({
        ...pigment,
        recordId: record.id,
        shopId: a.shopId,
        customerId: a.customerId,
        customerName: a.customerName,
        programName: a.programName,
        staffName: a.staffName,
        servedAt: a.startAt,
        expiresOn: shanghaiDayOf(now + 300 * DAY_MS),
        amount: '0.2 ml',
      });
    }
  }
}
