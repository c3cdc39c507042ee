const DAY_MS = 86_400_000;

/** A point in time `days` from now (negative: ago), so demo rows look recent whenever mock mode runs. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

/** The timestamps of a demo row created `days` ago. */
export const createdDaysAgo = (days: number) => ({ createdAt: daysFromNow(-days), updatedAt: daysFromNow(-days) });
