import sharp from 'sharp';
import { expect } from 'vitest';
import { HEALTH_QUESTIONS } from '../../../contract/healthQuestionnaire';
import type { ConsentVersion } from '../../../contract/consentVersion';
import type { ServiceRecord } from '../../../contract/serviceRecord';
import type { rest } from './restCalls';

type Call = ReturnType<typeof rest>;

/** Every question answered "no", or "yes" for the keys given. */
export function answers(yes: readonly string[] = []) {
  return { answers: Object.fromEntries(HEALTH_QUESTIONS.map((q) => [q.key, yes.includes(q.key)])), note: '' };
}

/** A drawn signature as the console's pad sends it. */
export async function signatureDataUrl(): Promise<string> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><rect width="300" height="100" fill="#fff"/>' +
    '<path d="M20 60 C 60 10, 90 90, 140 40 S 220 80, 280 30" stroke="#000" stroke-width="4" fill="none"/></svg>';
  return `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
}

/** The current consent version of a program type. */
export async function currentConsent(call: Call, token: string, programType: number): Promise<ConsentVersion> {
  const list = (await call(token, 'GET', `/consent-versions?programType=${programType}&_start=0&_end=50`)).body.data as ConsentVersion[];
  return list.find((v) => v.current)!;
}

/** Opens the visit's record, answers the questionnaire "no" throughout and signs the current consent: the visit may be completed. */
export async function completeRecord(call: Call, token: string, appointmentId: number): Promise<ServiceRecord> {
  const opened = await call(token, 'POST', '/service-records', { appointmentId });
  expect(opened.body.msg).toBe('ok');
  const record = opened.body.data as ServiceRecord;
  await call(token, 'PATCH', `/service-records/${record.id}`, { health: answers() });
  if (record.programType !== 3) {
    const version = await currentConsent(call, token, record.programType);
    const signed = await call(token, 'POST', `/service-records/${record.id}/consent`, {
      versionId: version.id,
      signature: await signatureDataUrl(),
      photoConsent: false,
    });
    expect(signed.body.msg).toBe('ok');
  }
  const done = (await call(token, 'GET', `/service-records/${record.id}`)).body.data as ServiceRecord;
  expect(done.missing).toEqual([]);
  return done;
}
