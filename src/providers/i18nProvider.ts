import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { I18nProvider } from '@refinedev/core';
import { messages, pageTexts, isLocale, LOCALES, LOCALE_KEY, DEFAULT_LOCALE, FALLBACK_LOCALE, type Locale } from '../locales';

function storedLocale(): Locale {
  const stored = localStorage.getItem(LOCALE_KEY);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/** The one i18next instance; react-i18next's useTranslation and refine's useTranslate both read it. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: messages[l] }])),
  lng: storedLocale(),
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: [...LOCALES],
  // Keys are flat ("menu.dashboard.workplace"), see src/locales/index.ts.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  // Resources are bundled, so initialise synchronously: the first render already has its texts.
  initAsync: false,
});

let pagesLoaded: Promise<void> | undefined;

/** Adds the texts of the pages' areas (src/locales/index.ts); the default layout waits for this. */
export function loadPageTexts(): Promise<void> {
  pagesLoaded ??= pageTexts().then((texts) => {
    for (const locale of LOCALES) i18n.addResources(locale, 'translation', texts[locale]);
  });
  return pagesLoaded;
}

export const i18nProvider: I18nProvider = {
  // refine calls translate(key, defaultMessage) as well as translate(key, options, defaultMessage).
  translate: (key, options, defaultMessage) =>
    String(
      typeof options === 'string'
        ? i18n.t(key, { defaultValue: options })
        : i18n.t(key, { ...options, defaultValue: defaultMessage ?? options?.defaultValue }),
    ),
  async changeLocale(locale: string) {
    if (!isLocale(locale)) throw new Error(`Unsupported locale: ${locale}`);
    localStorage.setItem(LOCALE_KEY, locale);
    await i18n.changeLanguage(locale);
  },
  getLocale: () => i18n.language,
};
