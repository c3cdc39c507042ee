import {
  GraphQLError,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLString,
  Kind,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigMap,
} from 'graphql';
import type { ReportContext } from './context';

/**
 * A small typed layer over graphql-js, so the compiler checks the schema against the resolvers: an
 * object type is declared from the TypeScript shape it serves (every key must have a field of the
 * matching GraphQL type), and a query field from its argument shape and the shape it answers.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The days a report may name: a year like 0001 is a typo, and PostgreSQL's day arithmetic would fail on it. */
const FIRST_DAY = '1900-01-01';
const LAST_DAY = '2999-12-31';
function parseDay(value: unknown): string {
  if (typeof value !== 'string' || !DAY.test(value) || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
    throw new GraphQLError('日期格式应为 YYYY-MM-DD', { extensions: { code: 40000 } });
  }
  if (value < FIRST_DAY || value > LAST_DAY) {
    throw new GraphQLError(`日期应在 ${FIRST_DAY} 至 ${LAST_DAY} 之间`, { extensions: { code: 40000 } });
  }
  return value;
}

/** A calendar day in Asia/Shanghai, "YYYY-MM-DD". */
export const DateScalar = new GraphQLScalarType<string, string>({
  name: 'Date',
  description: 'A calendar day in Asia/Shanghai, YYYY-MM-DD.',
  serialize: (v) => parseDay(v),
  parseValue: parseDay,
  parseLiteral: (ast) => parseDay(ast.kind === Kind.STRING ? ast.value : undefined),
});

/** Integer fen; a chain's year of takings passes the 32 bits of Int. */
export const FenScalar = new GraphQLScalarType<number, number>({
  name: 'Fen',
  description: 'An amount of money in integer fen (1/100 yuan), up to 2^53.',
  serialize: (v) => {
    if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw new GraphQLError('金额不是整数分');
    return v;
  },
  parseValue: () => {
    throw new GraphQLError('Fen 只用于输出');
  },
});

export type Scalar<T> = GraphQLScalarType<T, T>;
export const Int: Scalar<number> = GraphQLInt;
export const Str: Scalar<string> = GraphQLString;

/** The nullable GraphQL type that serves a TypeScript value type. */
type Bare<V> = V extends number
  ? Scalar<number>
  : V extends string
    ? Scalar<string>
    : V extends readonly (infer U)[]
      ? GraphQLList<OutputOf<U>>
      : GraphQLObjectType<V, ReportContext>;
/** ... non-null unless the value may be null. */
export type OutputOf<V> = null extends V ? Bare<NonNullable<V>> : GraphQLNonNull<Bare<V>>;

type Resolve<S, V> = (source: S, args: Record<string, never>, ctx: ReportContext) => V | Promise<V>;
type FieldOf<S, T, K extends keyof T> = { type: OutputOf<T[K]>; description?: string } & (K extends keyof S
  ? S[K] extends T[K]
    ? { resolve?: Resolve<S, T[K]> }
    : { resolve: Resolve<S, T[K]> }
  : { resolve: Resolve<S, T[K]> });

/**
 * An object type for the TypeScript shape T, read from sources of type S (T itself unless some fields
 * are computed by their own resolvers, which then are required).
 */
export function objectType<T, S = T>(
  name: string,
  description: string,
  fields: () => { [K in keyof T]-?: FieldOf<S, T, K> },
): GraphQLObjectType<S, ReportContext> {
  return new GraphQLObjectType<S, ReportContext>({
    name,
    description,
    fields: () => fields() as unknown as GraphQLFieldConfigMap<S, ReportContext>,
  });
}

export const nonNull = <T extends GraphQLScalarType | GraphQLObjectType | GraphQLList<never>>(t: T) => new GraphQLNonNull(t);
export const listOf = <T extends GraphQLNonNull<GraphQLObjectType>>(t: T) => new GraphQLNonNull(new GraphQLList(t));

/** An argument's GraphQL type from its TypeScript type: optional arguments are nullable. */
type InputOf<V> = undefined extends V ? Scalar<NonNullable<V>> : null extends V ? Scalar<NonNullable<V>> : GraphQLNonNull<Scalar<V>>;

/** A field of Query: its arguments typed from A, its answer from V. */
export function queryField<A, V>(config: {
  type: OutputOf<V>;
  description: string;
  args: { [K in keyof A]-?: { type: InputOf<A[K]>; description?: string } };
  resolve: (args: A, ctx: ReportContext) => Promise<V>;
}): GraphQLFieldConfig<unknown, ReportContext, A> {
  return {
    type: config.type,
    description: config.description,
    args: config.args as GraphQLFieldConfig<unknown, ReportContext, A>['args'],
    resolve: (_source, args, ctx) => config.resolve(args, ctx),
  };
}
