import { graphql } from '../../../providers/graphql';

/** The ranking page's one call: shops by revenue and staff by approved performance of the period. */
export const RANKING = graphql(`
  query Ranking($from: Date!, $to: Date!) {
    shopRanking(from: $from, to: $to) {
      shopId
      shopName
      revenueFen
      orderCount
      refundFen
      customerCount
      newCustomerCount
      cashFen
      consumptionFen
      bonusConsumptionFen
    }
    staffRanking(from: $from, to: $to) {
      staffId
      staffName
      shopId
      shopName
      approvedFen
      pendingFen
      commissionFen
      orderCount
      cashFen
      consumptionFen
      bonusConsumptionFen
    }
  }
`);
