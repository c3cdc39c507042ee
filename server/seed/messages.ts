import { and, asc, count, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { accountGrants, afterSales, appointments, banners, customers, messages, performanceRecords, shops } from '../db/schema';
import { DEMO_MESSAGES } from '../../contract/demoMessages';
import { MESSAGE_TAGS } from '../../contract/message';
import { findRouteByName, type RouteName } from '../../contract/routes';
import type { Role } from '../../contract/roles';
import { raiseMessage } from '../messages/raiseMessage';
import { shanghaiClock } from '../../contract/shanghaiTime';

/** The demo message boxes' conversation part; times are relative to now so the box always looks current. */
export async function seedDemoMessages(tx: Tx, accountIds: Record<string, number>): Promise<void> {
  const now = Date.now();
  const rows = Object.entries(DEMO_MESSAGES).flatMap(([phone, list]) =>
    list.map(({ hoursAgo, ...m }) => ({
      ...m,
      accountId: accountIds[phone],
      createdAt: new Date(now - hoursAgo * 3600_000).toISOString(),
    })),
  );
  await tx.insert(messages).values(rows);
}

const pathOf = (name: RouteName) => findRouteByName(name)!.path;
/** How many records a todo names before it says "等 N 条". */
const NAMED = 3;
/** An event that ends within this many days is due for a decision. */
const EVENT_DUE_DAYS = 7;

/** The accounts holding a role, of one shop (a manager) or of any shop (admin, finance). */
async function holders(db: DbOrTx, role: Role, shopId?: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ accountId: accountGrants.accountId })
    .from(accountGrants)
    .where(and(eq(accountGrants.role, role), shopId === undefined ? undefined : eq(accountGrants.shopId, shopId)));
  return rows.map((r) => r.accountId);
}

function named(names: string[], total: number): string {
  const list = names.slice(0, NAMED).join('、');
  return total > NAMED ? `${list} 等 ${total} 条` : list;
}

/**
 * The demo's work to do, raised from the rows the database holds once every other demo seed has run:
 * a todo only where there are records to act on, each pointing at the page that holds them. Seeds
 * that are not there yet (or hold nothing pending) simply raise nothing, so this stays right as the
 * demo data grows. Run it last.
 */
export async function raiseDemoWork(db: DbOrTx, now = Date.now()): Promise<void> {
  const shopRows = await db.select({ id: shops.id, name: shops.name }).from(shops).orderBy(asc(shops.id));
  for (const shop of shopRows) {
    const managers = await holders(db, 'shop-manager', shop.id);
    if (managers.length === 0) continue;

    // Bookings nobody has confirmed yet, in the days ahead.
    const booked = await db
      .select({ customerName: appointments.customerName, programName: appointments.programName, startAt: appointments.startAt })
      .from(appointments)
      .where(
        and(eq(appointments.shopId, shop.id), eq(appointments.status, 'booked'), gt(appointments.startAt, new Date(now).toISOString())),
      )
      .orderBy(asc(appointments.startAt));
    if (booked.length > 0) {
      await raiseMessage(db, managers, {
        type: 'todo',
        title: `${booked.length} 个预约待确认`,
        subTitle: shop.name,
        content: `请电话确认：${named(
          booked.map((a) => `${shanghaiClock(a.startAt)} ${a.customerName} ${a.programName}`),
          booked.length,
        )}。`,
        messageType: MESSAGE_TAGS.pending,
        link: pathOf('NewCustomer'),
      });
    }

    // Customers who have not signed the informed-consent form.
    const unsigned = await db
      .select({ id: customers.id, name: customers.name })
      .from(customers)
      .where(and(eq(customers.shopId, shop.id), isNull(customers.consentSignedAt)))
      .orderBy(asc(customers.id));
    if (unsigned.length > 0) {
      await raiseMessage(db, managers, {
        type: 'todo',
        title: `${unsigned.length} 位客户未签知情同意书`,
        subTitle: shop.name,
        content: `请在服务前补签：${named(
          unsigned.map((c) => c.name),
          unsigned.length,
        )}。`,
        messageType: MESSAGE_TAGS.attention,
        link: unsigned.length === 1 ? pathOf('ConsumerDetail').replace(':id', String(unsigned[0].id)) : pathOf('Consumer'),
      });
    }
  }

  const reviewers = [...new Set([...(await holders(db, 'financial-staff')), ...(await holders(db, 'admin'))])];

  const [{ pendingRecords }] = await db
    .select({ pendingRecords: count() })
    .from(performanceRecords)
    .where(eq(performanceRecords.status, 'pending'));
  if (pendingRecords > 0) {
    const staffNames = await db
      .selectDistinct({ name: performanceRecords.staffName })
      .from(performanceRecords)
      .where(eq(performanceRecords.status, 'pending'))
      .limit(NAMED);
    await raiseMessage(db, reviewers, {
      type: 'todo',
      title: `${pendingRecords} 条业绩记录待审核`,
      subTitle: '业绩审核',
      content: `涉及 ${staffNames.map((s) => s.name).join('、')} 等员工的业绩记录尚未审核。`,
      messageType: MESSAGE_TAGS.pending,
      link: pathOf('Review'),
    });
  }

  const pendingAfterSales = await db
    .select({ customerName: afterSales.customerName, shopName: shops.name })
    .from(afterSales)
    .innerJoin(shops, eq(shops.id, afterSales.shopId))
    .where(eq(afterSales.status, 'pending'))
    .orderBy(asc(afterSales.createdAt));
  if (pendingAfterSales.length > 0) {
    await raiseMessage(db, reviewers, {
      type: 'todo',
      title: `${pendingAfterSales.length} 个售后申请待审核`,
      subTitle: '售后审核',
      content: `等待审核：${named(
        pendingAfterSales.map((a) => `${a.shopName} ${a.customerName}`),
        pendingAfterSales.length,
      )}。`,
      messageType: MESSAGE_TAGS.pending,
      link: pathOf('AfterSales'),
    });
  }

  const admins = await holders(db, 'admin');
  const due = await db
    .select({ name: banners.name, endAt: banners.endAt })
    .from(banners)
    .where(
      and(
        eq(banners.status, 'on'),
        gt(banners.endAt, new Date(now).toISOString()),
        lt(banners.endAt, new Date(now + EVENT_DUE_DAYS * 86_400_000).toISOString()),
      ),
    )
    .orderBy(asc(banners.endAt));
  if (due.length > 0 && admins.length > 0) {
    await raiseMessage(db, admins, {
      type: 'todo',
      title: `${due.length} 个活动即将到期`,
      subTitle: '运营管理',
      content: `${named(
        due.map((b) => `「${b.name}」`),
        due.length,
      )} 将在 ${EVENT_DUE_DAYS} 天内下线，请确认是否延期或替换。`,
      messageType: MESSAGE_TAGS.attention,
      link: pathOf('Events'),
    });
  }
}
