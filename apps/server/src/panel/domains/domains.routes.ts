import {
  domainIdParamsSchema,
  domainInputSchema,
  domainListSchema,
  domainSchema,
} from '@panel/shared/domains/domains-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, noContent } from '../../lib/route-schemas';
import { ANY_ROLE, PUBLISHER_OR_RESELLER } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import type { DomainsService } from './domains.service';

/** The domains screen's API (docs/product/screens.md#domains, decision 0048). */
export const domainsRoutes: FastifyPluginAsyncZod<{ service: DomainsService }> = async (app, { service }) => {
  const tags = ['domains'];
  const params = domainIdParamsSchema;

  app.get(
    '/api/domains',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags,
        summary: 'The caller’s domains, newest first (the admin: every account’s, with its owner)',
        response: { 200: domainListSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await service.list(requireCaller(request)) }),
  );

  app.post(
    '/api/domains',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags,
        summary: 'Add a domain; it is checked at once and stays pending until it points at the panel',
        body: domainInputSchema,
        response: { 201: domainSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireCaller(request), request.body)),
  );

  app.post(
    '/api/domains/:id/verify',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags,
        summary: 'Check now whether the domain points at the panel or serves its token',
        params,
        response: { 200: domainSchema, ...errorResponses },
      },
    },
    async (request) => service.verify(requireCaller(request), request.params.id),
  );

  app.put(
    '/api/domains/:id/default',
    {
      config: { access: PUBLISHER_OR_RESELLER },
      schema: {
        tags,
        summary: 'Make the domain the caller’s default; every other one becomes non-default',
        params,
        response: { 200: domainSchema, ...errorResponses },
      },
    },
    async (request) => service.setDefault(requireCaller(request), request.params.id),
  );

  app.delete(
    '/api/domains/:id',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags,
        summary: 'Remove a domain and its short links',
        params,
        response: { ...noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.remove(requireCaller(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
