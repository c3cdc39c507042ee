import { initGraphQLTada, type TadaDocumentNode } from 'gql.tada';
import { print } from '@0no-co/graphql.web';
import { GRAPHQL_PATH } from '../../../contract/report';
import { http } from '../http';
import { getToken } from '../session';
import type { introspection } from './introspection';

/**
 * Report operations, typed from the server's schema: `graphql(\`query …\`)` knows every field's type
 * (introspection.ts is written by `npm run graphql:introspection`).
 */
export const graphql = initGraphQLTada<{ introspection: typeof introspection; scalars: { Date: string; Fen: number } }>();
export type { ResultOf } from 'gql.tada';

/**
 * Runs an operation: POST /v1/graphql with { operationName, variables, query } through the shared
 * axios instance, so the token, the error toasts and the session-expired dialog work as for REST.
 * Authorization goes even without a stored token (then the server answers 401 / 50008).
 */
export async function runQuery<Result, Variables>(document: TadaDocumentNode<Result, Variables>, variables: Variables): Promise<Result> {
  const operation = document.definitions.find((d) => d.kind === 'OperationDefinition');
  const body = { operationName: operation?.name?.value ?? null, variables, query: print(document) };
  const response = await http.post<Result>(GRAPHQL_PATH, body, { graphql: true, headers: { Authorization: `Bearer ${getToken() ?? ''}` } });
  return response.data;
}
