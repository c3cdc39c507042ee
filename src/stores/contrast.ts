/**
 * WCAG 2.1 contrast: the relative luminance of an sRGB colour and the ratio of two colours
 * (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio). Colours are #rrggbb.
 */

/** What WCAG AA asks of body text; large text and the parts of a control ask 3:1. */
export const AA_TEXT = 4.5;
export const AA_LARGE = 3;

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance: each channel linearised, weighted by how bright the eye sees it. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** (L1 + 0.05) / (L2 + 0.05), the lighter colour's luminance over the darker's: from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** A colour mixed with another: share 0 keeps it, 1 gives the other. */
export function mix(hex: string, other: string, share: number): string {
  const [from, to] = [channels(hex), channels(other)];
  return toHex(from.map((c, i) => c + (to[i] - c) * share));
}

/**
 * The colour itself when it reaches `min` against every background, else the first mix of it towards
 * `towards` (black or white), in steps of 2 %, that does: the hue is kept, only as much lightness
 * changes as the contrast needs.
 */
export function readableOn(hex: string, backgrounds: readonly string[], towards: string, min = AA_TEXT): string {
  for (let step = 0; step <= 50; step++) {
    const candidate = mix(hex, towards, step / 50);
    if (backgrounds.every((bg) => contrastRatio(candidate, bg) >= min)) return candidate;
  }
  return towards;
}
