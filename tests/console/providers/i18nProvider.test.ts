import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, i18nProvider } from '../../../src/providers/i18nProvider';
import { mergeAreas, messages, LOCALE_KEY } from '../../../src/locales';

/** A fresh copy of the provider module, initialised from whatever localStorage holds now. */
async function freshProvider() {
  vi.resetModules();
  return (await import('../../../src/providers/i18nProvider')).i18nProvider;
}

afterEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

// First: the translate tests below add test keys to the live resources.
describe('locale files', () => {
  it('every zh-CN key has an en-US text and the other way round', () => {
    expect(Object.keys(messages['en-US']).sort()).toEqual(Object.keys(messages['zh-CN']).sort());
  });

  it('merging refuses a key defined by two areas', () => {
    expect(() => mergeAreas({ './zh-CN/a.ts': { default: { 'a.x': '一' } }, './zh-CN/b.ts': { default: { 'a.x': '二' } } })).toThrow(
      'Locale key "a.x" is defined twice',
    );
  });

  it('merging keeps each locale apart', () => {
    const merged = mergeAreas({ './zh-CN/a.ts': { default: { 'a.x': '一' } }, './en-US/a.ts': { default: { 'a.x': 'one' } } });
    expect(merged).toEqual({ 'zh-CN': { 'a.x': '一' }, 'en-US': { 'a.x': 'one' } });
  });
});

describe('locale', () => {
  it('defaults to zh-CN', async () => {
    expect(i18nProvider.getLocale()).toBe('zh-CN');
    expect(i18nProvider.translate('http.sessionExpired.title')).toBe('确认登出');
    expect(i18nProvider.translate('auth.welcome')).toBe('欢迎使用');
    expect(localStorage.getItem(LOCALE_KEY)).toBeNull();
  });

  it('respects the locale stored under arco-locale', async () => {
    localStorage.setItem(LOCALE_KEY, 'en-US');
    const provider = await freshProvider();
    expect(provider.getLocale()).toBe('en-US');
    expect(provider.translate('http.sessionExpired.ok')).toBe('Re-Login');
  });

  it('ignores a stored value that is no offered locale', async () => {
    localStorage.setItem(LOCALE_KEY, 'fr-FR');
    const provider = await freshProvider();
    expect(provider.getLocale()).toBe('zh-CN');
    expect(provider.translate('http.sessionExpired.ok')).toBe('重新登录');
  });

  it('changeLocale switches the texts and writes arco-locale', async () => {
    await i18nProvider.changeLocale('en-US');
    expect(localStorage.getItem(LOCALE_KEY)).toBe('en-US');
    expect(i18nProvider.getLocale()).toBe('en-US');
    expect(i18nProvider.translate('http.sessionExpired.title')).toBe('Confirm logout');
    await i18nProvider.changeLocale('zh-CN');
    expect(localStorage.getItem(LOCALE_KEY)).toBe('zh-CN');
    expect(i18nProvider.translate('http.sessionExpired.title')).toBe('确认登出');
  });

  it('changeLocale refuses a locale that is not offered and keeps the current one', async () => {
    await expect(async () => i18nProvider.changeLocale('ja-JP')).rejects.toThrow('Unsupported locale: ja-JP');
    expect(localStorage.getItem(LOCALE_KEY)).toBeNull();
    expect(i18nProvider.getLocale()).toBe('zh-CN');
  });
});

describe('translate', () => {
  it('falls back to en-US for a key zh-CN lacks', () => {
    i18n.addResource('en-US', 'translation', 'test.onlyInEnglish', 'Only in English');
    expect(i18nProvider.translate('test.onlyInEnglish')).toBe('Only in English');
  });

  it('answers the default message, then the key, for a key no locale has', () => {
    expect(i18nProvider.translate('buttons.notThere', 'Default text')).toBe('Default text');
    expect(i18nProvider.translate('buttons.notThere', {}, 'Default text')).toBe('Default text');
    expect(i18nProvider.translate('buttons.notThere')).toBe('buttons.notThere');
  });

  it('interpolates options without HTML escaping (React escapes)', () => {
    i18n.addResource('zh-CN', 'translation', 'test.count', '共 {{count}} 家门店，{{name}}');
    expect(i18nProvider.translate('test.count', { count: 3, name: '<徐汇>' })).toBe('共 3 家门店，<徐汇>');
  });
});
