import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';

export interface ChunkSize {
  file: string;
  raw: number;
  gzip: number;
}

const gz = (buf: Buffer) => zlib.gzipSync(buf, { level: 9 }).length;

/** Every chunk of the production build with its raw and gzip size. */
export function chunkSizes(distDir = 'dist'): ChunkSize[] {
  const dir = path.join(distDir, 'assets');
  return fs
    .readdirSync(dir)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => {
      const buf = fs.readFileSync(path.join(dir, f));
      return { file: `assets/${f}`, raw: buf.length, gzip: gz(buf) };
    })
    .sort((a, b) => b.gzip - a.gzip);
}

/** What a browser really fetches to show `pagePath`: opened in Chromium, every script and stylesheet counted. */
export async function loadedByPage(baseUrl: string, pagePath: string, distDir = 'dist'): Promise<ChunkSize[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage();
    const files = new Set<string>();
    page.on('response', (res) => {
      const u = new URL(res.url());
      if (/\.(js|css)$/.test(u.pathname) || u.pathname === '/' || u.pathname === pagePath) files.add(u.pathname);
    });
    await page.goto(new URL(pagePath, baseUrl).toString(), { waitUntil: 'networkidle' });
    return [...files]
      .map((p) => (p.endsWith('.js') || p.endsWith('.css') ? p.slice(1) : 'index.html'))
      .filter((f) => fs.existsSync(path.join(distDir, f)))
      .map((f) => {
        const buf = fs.readFileSync(path.join(distDir, f));
        return { file: f, raw: buf.length, gzip: gz(buf) };
      });
  } finally {
    await browser.close();
  }
}
