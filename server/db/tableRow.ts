import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * A table's row as drizzle would give it, from a raw row of a statement that selects the table's
 * columns under their own names (`"orders".*`): each column read through its own mapping (an
 * instant's text into ISO). Null when the row's columns are all null (a left join that found none).
 */
export function tableRow<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] | null {
  const row: Record<string, unknown> = {};
  let found = false;
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    if (value === null || value === undefined) row[key] = null;
    else {
      row[key] = column.mapFromDriverValue(value);
      found = true;
    }
  }
  return found ? (row as T['$inferSelect']) : null;
}
