import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio, luminance, mix, readableOn } from '../../../src/stores/contrast';

describe('WCAG contrast', () => {
  it('measures relative luminance from the linearised channels', () => {
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#ffffff')).toBeCloseTo(1, 10);
    // #8c8c8c: 140 / 255 = 0.549, ((0.549 + 0.055) / 1.055) ^ 2.4 = 0.2623 in each channel.
    expect(luminance('#8c8c8c')).toBeCloseTo(0.2623, 4);
  });

  it('is (L1 + 0.05) / (L2 + 0.05), whichever colour comes first', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 10);
    expect(contrastRatio('#165dff', '#165dff')).toBe(1);
    // antd's grey text on white: 1.05 / (0.2623 + 0.05) = 3.36, under AA.
    expect(contrastRatio('#8c8c8c', '#ffffff')).toBeCloseTo(3.36, 2);
    // antd's link blue #1677ff: L = 0.2126 * 0.0080 + 0.7152 * 0.1845 + 0.0722 * 1 = 0.2058, 1.05 / 0.2558 = 4.10.
    expect(contrastRatio('#1677ff', '#ffffff')).toBeCloseTo(4.1, 2);
  });

  it('mixes channel by channel', () => {
    expect(mix('#ff0000', '#000000', 0)).toBe('#ff0000');
    expect(mix('#ff0000', '#000000', 1)).toBe('#000000');
    expect(mix('#ffffff', '#000000', 0.5)).toBe('#808080');
  });

  it('keeps a readable colour and darkens or lightens one that is not, no further than it needs', () => {
    expect(readableOn('#165dff', ['#ffffff'], '#000000')).toBe('#165dff');
    const darker = readableOn('#1677ff', ['#ffffff', '#f5f5f5'], '#000000');
    expect(contrastRatio(darker, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(darker, '#f5f5f5')).toBeGreaterThanOrEqual(AA_TEXT);
    // One step (2 %) less towards black is not enough.
    const share = [...Array(51).keys()].map((s) => s / 50).find((s) => mix('#1677ff', '#000000', s) === darker)!;
    expect(contrastRatio(mix('#1677ff', '#000000', share - 0.02), '#f5f5f5')).toBeLessThan(AA_TEXT);
    const lighter = readableOn('#1652dc', ['#141414'], '#ffffff');
    expect(contrastRatio(lighter, '#141414')).toBeGreaterThanOrEqual(AA_TEXT);
  });
});
