/**
 * npm run seed:demo
 * Loads the demo data of docs/domain.md into the configured database, but only into one without accounts,
 * so it can never mix demo rows into a business's real data.
 */
import { DEMO_PASSWORD, isEmpty, seedDemo } from '../seed/demo';
import { runWithDatabase } from './runWithDatabase';
import { loadConfig } from '../config';
import { privateImageStorage } from '../serviceRecords/privateImages';

await runWithDatabase(async ({ db }) => {
  if (!(await isEmpty(db))) {
    console.log('数据库中已有账号，未载入演示数据。');
    return;
  }
  await seedDemo(db, privateImageStorage(loadConfig().dataDir));
  console.log(`已载入演示数据；演示账号 13800000001 至 13800000004，密码 ${DEMO_PASSWORD}。`);
});
