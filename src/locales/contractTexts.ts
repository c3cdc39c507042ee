import type { LocaleTexts } from '.';

/**
 * The zh-CN locale takes the words the contract already writes for the server's messages
 * (`*_FIELD_LABELS`, `*_STATUS_LABELS`...), so each word is written once.
 */

/** `<labels>.fields.<field>` for each field label. */
export function fieldTexts(labels: string, fields: Readonly<Record<string, string>>): LocaleTexts {
  return Object.fromEntries(Object.entries(fields).map(([field, text]) => [`${labels}.fields.${field}`, text]));
}

/** `<labels>.options.<field>.<value>` for each value of a field. */
export function optionTexts(labels: string, field: string, values: Readonly<Record<string | number, string>>): LocaleTexts {
  return Object.fromEntries(Object.entries(values).map(([value, text]) => [`${labels}.options.${field}.${value}`, text]));
}
