import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { APPOINTMENT_STATUSES } from '../../../contract/appointment';
import { statusColors } from '../../../src/pages/appointment/statusColors';
import { AA_TEXT, contrastRatio, mix } from '../../../src/stores/contrast';
import {
  BACKGROUNDS,
  INK,
  SOLID_COLORS,
  TAG_COLORS,
  TEXT_OPACITY,
  TONES,
  algorithmColors,
  antdTheme,
  themeColors,
  type ThemeMode,
} from '../../../src/stores/theme';

const MODES: ThemeMode[] = ['light', 'dark'];
/** The theme colour presets of the settings drawer. */
const PICKS = ['#165DFF', '#722ED1', '#F5319D', '#F53F3F', '#FF7D00', '#00B42A', '#14C9C9', '#0FC6C2', '#FADB14', '#FFFFFF'];

describe('theme colours', () => {
  it('keeps the default theme colour #165DFF in the light theme: it reads at 5.19:1 on white', () => {
    expect(themeColors('light', '#165DFF').primary).toBe('#165DFF');
    expect(contrastRatio('#165dff', '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(MODES)('makes every pick readable as links and under primary buttons (%s)', (mode) => {
    for (const pick of PICKS) {
      const colors = themeColors(mode, pick);
      const token = theme.getDesignToken(antdTheme({ theme: mode, themeColor: pick }));
      expect(token.colorLink).toBe(token.colorPrimary);
      for (const bg of BACKGROUNDS[mode]) expect(contrastRatio(token.colorPrimary, bg), `${pick} on ${bg}`).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrastRatio(token.colorPrimary, colors.onSolid), `${pick} under its button text`).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrastRatio(colors.selectedText, algorithmColors(mode, colors.primary).primaryBg)).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it.each(MODES)('keeps links and primary and danger buttons readable while hovered (%s)', (mode) => {
    for (const pick of PICKS) {
      const token = theme.getDesignToken(antdTheme({ theme: mode, themeColor: pick }));
      const onSolid = themeColors(mode, pick).onSolid;
      for (const hover of [token.colorPrimaryHover, token.colorLinkHover, token.colorErrorHover]) {
        for (const bg of BACKGROUNDS[mode]) expect(contrastRatio(hover, bg), `${hover} (${pick}) on ${bg}`).toBeGreaterThanOrEqual(AA_TEXT);
        expect(contrastRatio(hover, onSolid), `${hover} (${pick}) under its button text`).toBeGreaterThanOrEqual(AA_TEXT);
      }
    }
  });

  it('darkens a light pick only as far as it must (light theme)', () => {
    const used = themeColors('light', '#F53F3F').primary;
    expect(contrastRatio('#f53f3f', '#ffffff')).toBeLessThan(AA_TEXT);
    expect(used).not.toBe('#F53F3F');
    expect(contrastRatio(mix(used, '#f53f3f', 0.1), '#f5f5f5')).toBeLessThan(AA_TEXT);
  });

  it.each(MODES)('has an error colour readable as text and under its button text (%s)', (mode) => {
    const token = theme.getDesignToken(antdTheme({ theme: mode, themeColor: '#165DFF' }));
    for (const bg of BACKGROUNDS[mode]) expect(contrastRatio(token.colorError, bg)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(token.colorError, themeColors(mode, '#165DFF').onSolid)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(MODES)('has warning and success colours readable as text (%s)', (mode) => {
    const token = theme.getDesignToken(antdTheme({ theme: mode, themeColor: '#165DFF' }));
    for (const bg of BACKGROUNDS[mode]) {
      expect(contrastRatio(token.colorWarning, bg)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrastRatio(token.colorSuccess, bg)).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it.each(MODES)('tints a selected table row no further than every text colour still reads at 4.5:1 (%s)', (mode) => {
    for (const pick of PICKS) {
      const config = antdTheme({ theme: mode, themeColor: pick });
      const token = theme.getDesignToken(config);
      const row = themeColors(mode, pick).selectedRow;
      expect(config.components?.Table?.rowSelectedBg).toBe(row);
      expect(row).not.toBe(BACKGROUNDS[mode][0]);
      for (const text of [token.colorLink, token.colorError, mix(row, INK[mode], TEXT_OPACITY[mode].secondary)])
        expect(contrastRatio(text, row), `${text} on ${row} (${pick})`).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it.each(MODES)('has secondary and tertiary text at 4.5:1 on every background (%s)', (mode) => {
    for (const bg of BACKGROUNDS[mode]) {
      for (const level of ['secondary', 'tertiary'] as const) {
        const seen = mix(bg, INK[mode], TEXT_OPACITY[mode][level]);
        expect(contrastRatio(seen, bg), `${level} on ${bg}`).toBeGreaterThanOrEqual(AA_TEXT);
      }
    }
  });
});

describe('status tones', () => {
  it.each(MODES)('pairs each tone’s text with its background at 4.5:1 (%s)', (mode) => {
    for (const tone of TONES) {
      const { text, background } = TAG_COLORS[mode][tone];
      expect(contrastRatio(text, background), tone).toBeGreaterThanOrEqual(AA_TEXT);
      // The tag sits on a card or a table: its text reads on those too.
      for (const bg of BACKGROUNDS[mode]) expect(contrastRatio(text, bg), `${tone} on ${bg}`).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it.each(MODES)('pairs each solid fill with its text at 4.5:1 (%s)', (mode) => {
    for (const tone of TONES) {
      const { text, background } = SOLID_COLORS[mode][tone];
      expect(contrastRatio(text, background), tone).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it.each(MODES)('gives every calendar status a fill and text at 4.5:1 (%s)', (mode) => {
    for (const status of APPOINTMENT_STATUSES) {
      const { text, background } = statusColors(mode, status);
      expect(contrastRatio(text, background), status).toBeGreaterThanOrEqual(AA_TEXT);
    }
    // Six statuses, six fills: the calendar tells them apart.
    expect(new Set(APPOINTMENT_STATUSES.map((s) => statusColors(mode, s).background)).size).toBe(APPOINTMENT_STATUSES.length);
  });
});
