import { GraphQLError, Kind, type ValidationContext, type SelectionSetNode, type ValidationRule } from 'graphql';

/** Deepest selection a query may have (mercurius counts it). */
export const MAX_DEPTH = 8;
/** Tokens the parser reads before it gives up: a report query is a few hundred. */
export const MAX_TOKENS = 2000;
/** What one query may cost: the ranking page or one Workplace is about 60. */
export const MAX_COST = 120;

/**
 * What a field costs, by the database work behind it; every other field costs 1. A report asked
 * twice under two aliases is paid twice, so a flood of copies is refused before anything runs.
 */
const FIELD_COST: Readonly<Record<string, number>> = {
  shopRanking: 25,
  staffRanking: 20,
  revenueTrend: 5,
  workplace: 2,
  shop: 10,
  chain: 20,
  finance: 10,
};

function selectionCost(set: SelectionSetNode, context: ValidationContext, fragmentsOnPath: ReadonlySet<string>): number {
  let cost = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      cost += FIELD_COST[selection.name.value] ?? 1;
      if (selection.selectionSet) cost += selectionCost(selection.selectionSet, context, fragmentsOnPath);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      cost += selectionCost(selection.selectionSet, context, fragmentsOnPath);
    } else {
      const name = selection.name.value;
      const fragment = context.getFragment(name);
      // A cycle is refused by the standard rules; here it must only not recurse forever.
      if (fragment && !fragmentsOnPath.has(name))
        cost += selectionCost(fragment.selectionSet, context, new Set([...fragmentsOnPath, name]));
    }
  }
  return cost;
}

/** Refuses an operation whose fields cost more than MAX_COST together. */
export const costLimit: ValidationRule = (context) => ({
  OperationDefinition(node) {
    const cost = selectionCost(node.selectionSet, context, new Set());
    if (cost > MAX_COST) {
      context.reportError(new GraphQLError(`查询过于复杂：成本 ${cost}，上限 ${MAX_COST}`, { nodes: [node], extensions: { code: 40000 } }));
    }
  },
});
