import type { Tx } from '../db/client';
import { messages } from '../db/schema';
import { DEMO_MESSAGES } from '../../contract/demoMessages';

/** The demo message boxes; times are relative to now so the box always looks current. */
export async function seedDemoMessages(tx: Tx, accountIds: Record<string, number>): Promise<void> {
  const now = Date.now();
  const rows = Object.entries(DEMO_MESSAGES).flatMap(([phone, list]) =>
    list.map(({ hoursAgo, ...m }) => ({ ...m, accountId: accountIds[phone], createdAt: new Date(now - hoursAgo * 3600_000).toISOString() })),
  );
  await tx.insert(messages).values(rows);
}
