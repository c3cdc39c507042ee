import { sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/**
 * timestamptz as PostgreSQL prints it, turned into the ISO 8601 string the API sends
 * ("2026-11-22 23:31:15.685+00" -> "2026-11-22T23:31:15.685Z", milliseconds as a Date would keep).
 * A UTC session's text is rewritten in place; any other offset goes through a Date.
 */
export function isoInstant(text: string): string {
  if (text.length >= 22 && text.endsWith('+00') && text[10] === ' ') {
    const fraction = text[19] === '.' ? text.slice(20, -3) : '';
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${(fraction + '000').slice(0, 3)}Z`;
  }
  return new Date(text).toISOString();
}

/**
 * A point in time of a business row (timestamptz), held as the ISO string the API shows. Read
 * straight into that string, never through a Date: a list page carries dozens of them, and parsing
 * each into a Date only for JSON to print it again was a fifth of the server's time per page
 * (bench/customers.ts). Writes take an ISO string (or `sql\`now()\``).
 */
export const instant = customType<{ data: string; driverData: string }>({
  dataType: () => 'timestamp with time zone',
  fromDriver: isoInstant,
});

/** createdAt/updatedAt every business row carries; stored as UTC timestamptz. */
export const timestamps = {
  createdAt: instant('created_at')
    .notNull()
    .default(sql`now()`),
  updatedAt: instant('updated_at')
    .notNull()
    .default(sql`now()`),
};
