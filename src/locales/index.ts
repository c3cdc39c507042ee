/**
 * Locale texts, split per area: `./<locale>/<area>.ts` default-exports a flat record of keys that
 * start with the area ("http.sessionExpired.title"). Flat keys (arco style) let "menu.dashboard"
 * be a group title while "menu.dashboard.workplace" is a page title. Every area file is picked up
 * here, so a page adds its texts without editing this file.
 */
export type LocaleTexts = Record<string, string>;

export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
/** docs/console.md: stored under "arco-locale", default zh-CN, fallback en-US. */
export const LOCALE_KEY = 'arco-locale';
export const DEFAULT_LOCALE: Locale = 'zh-CN';
export const FALLBACK_LOCALE: Locale = 'en-US';

export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}

/** Joins the area files of each locale; two areas defining one key is a mistake worth failing on. */
export function mergeAreas(files: Record<string, { default: LocaleTexts }>): Record<Locale, LocaleTexts> {
  const merged = Object.fromEntries(LOCALES.map((l) => [l, {} as LocaleTexts])) as Record<Locale, LocaleTexts>;
  for (const [file, mod] of Object.entries(files)) {
    const locale = file.split('/').at(-2);
    if (!isLocale(locale)) continue;
    for (const [key, text] of Object.entries(mod.default)) {
      if (key in merged[locale]) throw new Error(`Locale key "${key}" is defined twice (${locale}, ${file})`);
      merged[locale][key] = text;
    }
  }
  return merged;
}

/**
 * Only the areas that the login page and the session dialogs show are in the first bundle (/login
 * loads at most 350 KB gzip, and every page adds an area); the default layout loads the others
 * with pageTexts() before any page renders (src/App.tsx, loadPageTexts in src/providers/i18nProvider.ts).
 */
export const messages = mergeAreas(
  import.meta.glob<{ default: LocaleTexts }>('./*/{auth,http,notification,login,common}.ts', { eager: true }),
);

const pageAreas = import.meta.glob<{ default: LocaleTexts }>(['./*/*.ts', '!./*/{auth,http,notification,login,common}.ts']);

/** Every other area (menu, layout, the pages), merged per locale. */
export async function pageTexts(): Promise<Record<Locale, LocaleTexts>> {
  const files = await Promise.all(Object.entries(pageAreas).map(async ([file, load]) => [file, await load()] as const));
  return mergeAreas(Object.fromEntries(files));
}
