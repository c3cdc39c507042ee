import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Locator, Page, TestInfo } from '@playwright/test';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real PNG of one colour, built here so the upload test needs no fixture files; the colours make
 * the pictures tell apart on the screenshots.
 */
export function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Where screenshots are also copied, for a person to look through after a run: E2E_SHOTS_DIR, else
 * e2e-shots/ in the project (git ignores it). Playwright empties its own output folder on each run.
 */
const SHOTS_DIR = path.resolve(process.env.E2E_SHOTS_DIR ?? 'e2e-shots');

/**
 * A screenshot of the page as seen, or of `target` alone (a modal form taller than the window), in the
 * test's output folder and in SHOTS_DIR.
 */
export async function screenshot(page: Page, testInfo: TestInfo, name: string, target?: Locator): Promise<void> {
  const image = await (target ?? page).screenshot({ animations: 'disabled' });
  await mkdir(SHOTS_DIR, { recursive: true });
  await Promise.all([writeFile(testInfo.outputPath(`${name}.png`), image), writeFile(path.join(SHOTS_DIR, `${name}.png`), image)]);
}
