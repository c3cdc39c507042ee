import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

/**
 * Draws the demo data's pictures (public/demo/*.webp) from shapes written here, so they are made for
 * this project and free of any licence. Run once after changing a drawing:
 * `npx tsx server/cli/makeDemoImages.ts`; the files are committed.
 */
const OUT = join(import.meta.dirname, '../../public/demo');

const BROW = '<path d="M40 0 Q 110 -46 190 -8" fill="none" stroke="#5b3a29" stroke-width="16" stroke-linecap="round"/>';
const LIPS =
  '<path d="M0 0 Q 40 -34 80 -8 Q 120 -34 160 0 Q 80 70 0 0 Z" fill="#d9475b"/><path d="M0 0 Q 80 18 160 0" stroke="#a32a3d" stroke-width="4" fill="none"/>';
const LEAF =
  '<path d="M0 60 Q 10 -20 90 -40 Q 80 40 0 60 Z" fill="#3fa36b"/><path d="M0 60 Q 40 10 90 -40" stroke="#2a7a4c" stroke-width="4" fill="none"/>';

function backdrop(w: number, h: number, from: string, to: string): string {
  return (
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/>` +
    `<stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#g)"/>
    <circle cx="${w * 0.85}" cy="${h * 0.2}" r="${h * 0.45}" fill="#fff" opacity="0.18"/>
    <circle cx="${w * 0.1}" cy="${h * 0.95}" r="${h * 0.35}" fill="#fff" opacity="0.14"/>`
  );
}

const svg = (w: number, h: number, body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`;

const PICTURES: Record<string, string> = {
  // Banners, 750 × 300.
  'banner-new-customer.webp': svg(750, 300, `${backdrop(750, 300, '#ff9a8b', '#ff6a88')}<g transform="translate(420 170)">${BROW}</g>`),
  'banner-lips.webp': svg(750, 300, `${backdrop(750, 300, '#f6d5f7', '#fbe9d7')}<g transform="translate(470 170) scale(1.3)">${LIPS}</g>`),
  'banner-referral.webp': svg(
    750,
    300,
    `${backdrop(750, 300, '#a1c4fd', '#c2e9fb')}<g transform="translate(480 170)">${LEAF}</g><g transform="translate(560 150) rotate(30)">${LEAF}</g>`,
  ),
  'banner-member-day.webp': svg(
    750,
    300,
    `${backdrop(750, 300, '#fbe3a1', '#f7b267')}<g transform="translate(430 190)">${LEAF}</g><g transform="translate(540 180)">${LIPS}</g>`,
  ),
  // Programs by type, 400 × 400: eyebrow tattoo, lip tattoo, beauty.
  'program-brow.webp': svg(400, 400, `${backdrop(400, 400, '#fdf0e6', '#f3d6c2')}<g transform="translate(90 220) scale(1.1)">${BROW}</g>`),
  'program-lips.webp': svg(400, 400, `${backdrop(400, 400, '#fde2e4', '#f8bbd0')}<g transform="translate(80 220) scale(1.5)">${LIPS}</g>`),
  'program-beauty.webp': svg(
    400,
    400,
    `${backdrop(400, 400, '#e0f7ec', '#b9e8d2')}<g transform="translate(150 220) scale(1.5)">${LEAF}</g>`,
  ),
};

await mkdir(OUT, { recursive: true });
for (const [name, drawing] of Object.entries(PICTURES)) {
  await writeFile(join(OUT, name), await sharp(Buffer.from(drawing)).webp({ quality: 80 }).toBuffer());
}
console.log(`已生成 ${Object.keys(PICTURES).length} 张演示图片：${OUT}`);
