import { graphql } from '../../providers/graphql';

/** Each role asks only for its own figures (another role's field answers 40300). */
export const SHOP_WORKPLACE = graphql(`
  query ShopWorkplace {
    workplace {
      today
      monthStart
      shop {
        shopId
        shopName
        todayAppointmentCount
        nextAppointments {
          id
          startAt
          customerName
          programName
          staffName
          status
        }
        today {
          revenueFen
          orderCount
        }
        afterSaleWaitingCount
        afterSaleWaitingFen
        newCustomersThisMonth
        todayCardSalesFen
        todayConsumptionFen
        trend {
          day
          revenueFen
          orderCount
        }
      }
    }
  }
`);

export const CHAIN_WORKPLACE = graphql(`
  query ChainWorkplace {
    workplace {
      today
      monthStart
      chain {
        today {
          revenueFen
          orderCount
        }
        month {
          revenueFen
          orderCount
        }
        topShops {
          shopId
          shopName
          revenueFen
          orderCount
        }
        trend {
          day
          revenueFen
          orderCount
        }
        liveProgramCount
        liveBannerCount
        cardLiabilityFen
        cardBonusFen
      }
    }
  }
`);

export const FINANCE_WORKPLACE = graphql(`
  query FinanceWorkplace {
    workplace {
      today
      weekStart
      finance {
        pendingPerformanceCount
        pendingPerformanceFen
        pendingAfterSaleCount
        pendingRefundFen
        reviewedPerformanceCount
        reviewedPerformanceFen
        reviewedAfterSaleCount
        reviewedRefundFen
        trend {
          day
          revenueFen
          orderCount
        }
      }
    }
  }
`);
