import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The i18n key of one value of a field: `<labels>.options.<field>.<value>` ("shop.options.status.open"). */
export const optionKey = (labels: string, field: string, value: string | number) => `${labels}.options.${field}.${value}`;

/** Select, radio and filter options for the values of a field, each labelled through i18n. */
export function useOptions<V extends string | number>(labels: string, field: string, values: readonly V[]): { value: V; label: string }[] {
  const { t } = useTranslation();
  return useMemo(() => values.map((value) => ({ value, label: t(optionKey(labels, field, value)) })), [t, labels, field, values]);
}
