import { describe, expect, it } from 'vitest';
import type { LocaleTexts } from '../../../src/locales';

/**
 * Every area file of both locales (the login's and the pages'): en-US is the fallback, so a key only
 * zh-CN has shows its key to an English reader, and a key only en-US has shows English in the
 * Chinese console (docs/labels.md).
 */
const files = import.meta.glob<{ default: LocaleTexts }>('../../../src/locales/{zh-CN,en-US}/*.ts', { eager: true });

function areas(locale: 'zh-CN' | 'en-US'): Map<string, string[]> {
  const byArea = new Map<string, string[]>();
  for (const [file, mod] of Object.entries(files)) {
    const [dir, name] = file.split('/').slice(-2);
    if (dir === locale) byArea.set(name.replace(/\.ts$/, ''), Object.keys(mod.default).sort());
  }
  return byArea;
}

describe('locale labels', () => {
  const zh = areas('zh-CN');
  const en = areas('en-US');

  it('has the same area files in zh-CN and en-US', () => {
    expect(zh.size).toBeGreaterThan(10);
    expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
  });

  it.each([...zh.keys()])('area %s: the same keys in zh-CN and en-US', (area) => {
    const zhKeys = zh.get(area) ?? [];
    const enKeys = en.get(area) ?? [];
    expect({ onlyZhCN: zhKeys.filter((k) => !enKeys.includes(k)), onlyEnUS: enKeys.filter((k) => !zhKeys.includes(k)) }).toEqual({
      onlyZhCN: [],
      onlyEnUS: [],
    });
  });

  it('has no empty text', () => {
    const empty = Object.entries(files).flatMap(([file, mod]) =>
      Object.entries(mod.default).flatMap(([key, text]) => (text.trim() ? [] : [`${file}: ${key}`])),
    );
    expect(empty).toEqual([]);
  });
});
