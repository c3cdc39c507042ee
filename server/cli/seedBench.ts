/**
 * npm run seed:bench
 * Fills the configured database (DATABASE_URL, or the embedded one under DATA_DIR) with the bench
 * data set of server/seed/bench.ts, for `npm run bench`. Refuses when a bench set is already there.
 */
import { BENCH, BenchDataExists, seedBench } from '../seed/bench';
import { BENCH_APPOINTMENTS } from '../seed/benchAppointments';
import { CommandError, runWithDatabase } from './runWithDatabase';

await runWithDatabase(async ({ pool }) => {
  try {
    const r = await seedBench(pool);
    console.log(
      `已载入压测数据：${BENCH.shops} 家门店、${BENCH.customers} 位客户、${BENCH.staff} 名员工、${BENCH.programs} 个服务项目、${BENCH.banners} 条活动` +
        `、${BENCH.orders} 张订单与 ${BENCH.performanceRecords} 条业绩记录、${BENCH_APPOINTMENTS.total} 条预约（首家门店下周一至周日` +
        ` ${BENCH_APPOINTMENTS.busyWeek} 条），用时 ${(r.ms / 1000).toFixed(1)} 秒。`,
    );
    console.log(
      `压测店长账号：${BENCH.managerPhone}，密码 ${BENCH.managerPassword}（「${BENCH.shopPrefix}01」的店长，门店 ID ${r.managerShopId}）。`,
    );
    console.log(`压测财务账号：${BENCH.financePhone}，密码 ${BENCH.managerPassword}。`);
  } catch (e) {
    if (e instanceof BenchDataExists) throw new CommandError(e.message);
    throw e;
  }
});
