import { GraphQLError, Kind, type FieldNode, type ValidationContext, type SelectionSetNode, type ValidationRule } from 'graphql';

/** Deepest nesting of report fields a query may have. */
export const MAX_DEPTH = 8;
/** Tokens the parser reads before it gives up: a report query is a few hundred, the standard introspection query about 400. */
export const MAX_TOKENS = 2000;
/** What one query may cost: the ranking page or one Workplace is about 60. */
export const MAX_COST = 120;
/**
 * Introspection lists inside introspection lists a query may nest: the standard query's types → fields
 * → args. Each further level multiplies the answer by the schema's size (types { fields { type { fields
 * { type { fields ... ), which neither cost nor depth weighs since introspection counts toward neither.
 */
export const MAX_INTROSPECTION_LISTS = 3;

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

/** Introspection's list-valued fields (__Schema.types, __Type.fields, ...). */
const INTROSPECTION_LISTS = new Set(['types', 'directives', 'fields', 'args', 'inputFields', 'interfaces', 'possibleTypes', 'enumValues']);

/** Introspection (__schema, __type, __typename) reads the schema in memory: tools send it, and it runs no report. */
const isIntrospection = (field: FieldNode) => field.name.value.startsWith('__');

/**
 * Folds an operation's fields: `sum` adds what the selections of one set give (or takes the largest),
 * fragments expanded in place. A fragment cycle is refused by the standard rules; here it must only
 * not recurse forever.
 */
function fold(
  set: SelectionSetNode,
  context: ValidationContext,
  ofField: (field: FieldNode, inner: (set: SelectionSetNode) => number) => number,
  combine: (a: number, b: number) => number,
  fragmentsOnPath: ReadonlySet<string> = new Set(),
): number {
  let total = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      total = combine(
        total,
        ofField(selection, (inner) => fold(inner, context, ofField, combine, fragmentsOnPath)),
      );
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      total = combine(total, fold(selection.selectionSet, context, ofField, combine, fragmentsOnPath));
    } else {
      const name = selection.name.value;
      const fragment = context.getFragment(name);
      if (fragment && !fragmentsOnPath.has(name))
        total = combine(total, fold(fragment.selectionSet, context, ofField, combine, new Set([...fragmentsOnPath, name])));
    }
  }
  return total;
}

const sum = (a: number, b: number) => a + b;

/** Refuses an operation whose report fields cost more than MAX_COST together. */
export const costLimit: ValidationRule = (context) => ({
  OperationDefinition(node) {
    const cost = fold(
      node.selectionSet,
      context,
      (field, inner) =>
        isIntrospection(field) ? 0 : (FIELD_COST[field.name.value] ?? 1) + (field.selectionSet ? inner(field.selectionSet) : 0),
      sum,
    );
    if (cost > MAX_COST) {
      context.reportError(new GraphQLError(`查询过于复杂：成本 ${cost}，上限 ${MAX_COST}`, { nodes: [node], extensions: { code: 40000 } }));
    }
  },
});

/** Refuses an operation whose report fields nest deeper than MAX_DEPTH. */
export const depthLimit: ValidationRule = (context) => ({
  OperationDefinition(node) {
    const depth = fold(
      node.selectionSet,
      context,
      (field, inner) => (isIntrospection(field) ? 0 : 1 + (field.selectionSet ? inner(field.selectionSet) : 0)),
      Math.max,
    );
    if (depth > MAX_DEPTH) {
      context.reportError(
        new GraphQLError(`查询嵌套过深：深度 ${depth}，上限 ${MAX_DEPTH}`, { nodes: [node], extensions: { code: 40000 } }),
      );
    }
  },
});

/** Refuses introspection that nests its lists deeper than MAX_INTROSPECTION_LISTS. */
export const introspectionLimit: ValidationRule = (context) => ({
  OperationDefinition(node) {
    const lists = (set: SelectionSetNode): number =>
      fold(
        set,
        context,
        (field, inner) => (INTROSPECTION_LISTS.has(field.name.value) ? 1 : 0) + (field.selectionSet ? inner(field.selectionSet) : 0),
        Math.max,
      );
    const nesting = fold(
      node.selectionSet,
      context,
      (field) => (isIntrospection(field) && field.selectionSet ? lists(field.selectionSet) : 0),
      Math.max,
    );
    if (nesting > MAX_INTROSPECTION_LISTS) {
      context.reportError(
        new GraphQLError(`内省查询嵌套过深：列表 ${nesting} 层，上限 ${MAX_INTROSPECTION_LISTS}`, {
          nodes: [node],
          extensions: { code: 40000 },
        }),
      );
    }
  },
});
