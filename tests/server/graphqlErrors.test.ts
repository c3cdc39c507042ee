import { describe, expect, it } from 'vitest';
import { GraphQLError } from 'graphql';
import type { FastifyReply } from 'fastify';
import { formatExecution } from '../../server/graphql/errors';

/** A resolver's failure as graphql-js hands it to the formatter. */
function failedWith(original: Error) {
  const reply = { log: { error: () => undefined } } as unknown as FastifyReply;
  const error = new GraphQLError(original.message, { path: ['shopRanking'], originalError: original });
  return formatExecution({ data: null, errors: [error] }, { reply }).response.errors[0];
}

describe('GraphQL errors of the database', () => {
  it('a value PostgreSQL cannot take (class 22) answers 40000, as REST does', () => {
    const outOfRange = Object.assign(new Error('date/time field value out of range'), { code: '22008' });
    expect(failedWith(outOfRange).extensions.code).toBe(40000);
    // drizzle wraps the driver's error in `cause`.
    const wrapped = Object.assign(new Error('Failed query'), { cause: outOfRange });
    expect(failedWith(wrapped).extensions.code).toBe(40000);
  });

  it('anything else stays an internal error without its message', () => {
    const answer = failedWith(Object.assign(new Error('connection terminated'), { code: '08006' }));
    expect(answer.extensions.code).toBe(50000);
    expect(answer.message).not.toContain('connection');
  });
});
