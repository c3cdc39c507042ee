/**
 * The demo data of docs/domain.md that both the server's seed and the console's mock mode (src/mocks) load.
 * Plain data, so the browser can import it without the server's database code.
 */
export const DEMO_PASSWORD = 'Demo@2026';

export const DEMO_SHOPS = [
  {
    name: '美颜坊·徐汇旗舰店',
    regionCode: '310104',
    address: '漕溪北路 88 号 2 楼',
    phone: '021-64581234',
    openTime: '10:00',
    closeTime: '21:00',
    status: 'open',
  },
  {
    name: '美颜坊·朝阳大悦城店',
    regionCode: '110105',
    address: '朝阳北路 101 号 5 层 5F-12',
    phone: '010-85523366',
    openTime: '10:00',
    closeTime: '22:00',
    status: 'open',
  },
  {
    name: '美颜坊·天河正佳店',
    regionCode: '440106',
    address: '天河路 228 号正佳广场 3 楼',
    phone: '020-38331188',
    openTime: '09:30',
    closeTime: '21:30',
    status: 'open',
  },
] as const;

/** The four demo accounts of docs/domain.md; shop indexes point into DEMO_SHOPS. */
export const DEMO_ACCOUNTS = [
  { phone: '13800000001', name: '林管理', jobName: '运营总监', grants: [{ role: 'admin', shop: null }] },
  {
    phone: '13800000002',
    name: '王店长',
    jobName: '店长',
    grants: [
      { role: 'shop-manager', shop: 0 },
      { role: 'shop-manager', shop: 1 },
    ],
  },
  { phone: '13800000003', name: '赵财务', jobName: '财务专员', grants: [{ role: 'financial-staff', shop: null }] },
  { phone: '13800000004', name: '陈店长', jobName: '店长', grants: [{ role: 'shop-manager', shop: 2 }] },
] as const;
