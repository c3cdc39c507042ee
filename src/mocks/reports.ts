import { http, HttpResponse, type HttpHandler } from 'msw';
import { ErrorCode, HTTP_STATUS_OF_CODE } from '../../contract/envelope';
import { GRAPHQL_PATH, WORKPLACE_TREND_DAYS } from '../../contract/report';
import type { Role } from '../../contract/roles';
import { addDays, presetPeriod, shanghaiToday } from '../components/report/period';
import { authenticate } from './engine/session';
import { MockError } from './engine/http';

/**
 * The console's report operations in memory. The mock holds no paid orders, so every figure is zero;
 * what it keeps from the server is who may ask what (40300) and the session answers (401).
 */
const failure = (status: number, code: number, message: string) =>
  HttpResponse.json({ data: null, errors: [{ message, extensions: { code } }] }, { status });

function workplace(role: Role, operation: string) {
  const today = shanghaiToday();
  const trend = Array.from({ length: WORKPLACE_TREND_DAYS }, (_, i) => ({
    day: addDays(today, i + 1 - WORKPLACE_TREND_DAYS),
    revenueFen: 0,
    orderCount: 0,
  }));
  const zero = { revenueFen: 0, orderCount: 0 };
  const base = {
    role,
    today,
    weekStart: presetPeriod('thisWeek').from,
    monthStart: presetPeriod('thisMonth').from,
    shop: null,
    chain: null,
    finance: null,
  };
  const own: Record<string, [Role, object]> = {
    ShopWorkplace: [
      'shop-manager',
      {
        shop: {
          shopId: 0,
          shopName: '',
          todayAppointmentCount: 0,
          nextAppointments: [],
          today: zero,
          afterSaleWaitingCount: 0,
          afterSaleWaitingFen: 0,
          newCustomersThisMonth: 0,
          todayCardSalesFen: 0,
          todayConsumptionFen: 0,
          trend,
        },
      },
    ],
    ChainWorkplace: [
      'admin',
      {
        chain: {
          today: zero,
          month: zero,
          topShops: [],
          trend,
          liveProgramCount: 0,
          liveBannerCount: 0,
          cardLiabilityFen: 0,
          cardBonusFen: 0,
        },
      },
    ],
    FinanceWorkplace: [
      'financial-staff',
      {
        finance: {
          pendingPerformanceCount: 0,
          pendingPerformanceFen: 0,
          pendingAfterSaleCount: 0,
          pendingRefundFen: 0,
          reviewedPerformanceCount: 0,
          reviewedPerformanceFen: 0,
          reviewedAfterSaleCount: 0,
          reviewedRefundFen: 0,
          trend,
        },
      },
    ],
  };
  const [allowed, figures] = own[operation];
  return allowed === role
    ? HttpResponse.json({ data: { workplace: { ...base, ...figures } } })
    : failure(200, ErrorCode.FORBIDDEN, '当前角色无权查看该报表');
}

export const reportHandlers: HttpHandler[] = [
  http.post(`*${GRAPHQL_PATH}`, async ({ request }) => {
    let role: Role;
    try {
      role = authenticate(request).role;
    } catch (e) {
      if (e instanceof MockError) return failure(HTTP_STATUS_OF_CODE[e.code], e.code, e.message);
      throw e;
    }
    const { operationName } = (await request.json()) as { operationName?: string };
    if (operationName === 'Ranking') {
      return role === 'shop-manager'
        ? failure(200, ErrorCode.FORBIDDEN, '当前角色无权查看该报表')
        : HttpResponse.json({ data: { shopRanking: [], staffRanking: [] } });
    }
    if (operationName && operationName.endsWith('Workplace')) return workplace(role, operationName);
    return failure(400, ErrorCode.INVALID_INPUT, '模拟服务器不认识该查询');
  }),
];
