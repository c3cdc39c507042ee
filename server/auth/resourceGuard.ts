import type { FastifyRequest } from 'fastify';
import { apiAllows, type ApiVerb, type ResourceDescriptor } from '../../contract/resource';
import { forbidden } from '../http/errors';
import { authenticate } from './sessionGuard';
import { refuses } from '../http/refusals';

/**
 * preValidation of a resource's route: loads the session (50008 / 50012 / 50014), then answers 40300
 * where the descriptor's roles say no (contract/resource.ts apiAllows). It runs before the input is
 * validated, so a caller who may not make the call learns nothing about what it sent.
 */
export function resourceGuard(descriptor: Pick<ResourceDescriptor, 'read' | 'write' | 'actions'>, verb: ApiVerb) {
  return refuses([401, 403], async (req: FastifyRequest): Promise<void> => {
    await authenticate(req);
    if (!apiAllows(descriptor, verb, req.session!.role)) throw forbidden();
  });
}
