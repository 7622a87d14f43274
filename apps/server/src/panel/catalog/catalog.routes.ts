import {
  bouquetInputSchema,
  bouquetListQuerySchema,
  bouquetListSchema,
  bouquetSchema,
  editPackageSchema,
  newPackageSchema,
  packageListQuerySchema,
  packageListSchema,
  packageSchema,
} from '@panel/shared/catalog/catalog-api';
import { idParamsSchema } from '@panel/shared/lists/list-query';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { errorResponses, noContent } from '../../lib/route-schemas';
import { ADMIN_ONLY, ANY_ROLE } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import {
  createBouquet,
  createPackage,
  deleteBouquet,
  deletePackage,
  getPackage,
  listBouquets,
  listPackages,
  updateBouquet,
  updatePackage,
} from './catalog.service';

/** Packages and bouquets: everyone reads (non-admins: active packages only); admins change them. */
export const catalogRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['packages'];
  app.get(
    '/api/packages',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags,
        summary: 'Packages, paged (non-admins: active ones only)',
        querystring: packageListQuerySchema,
        response: { 200: packageListSchema, ...errorResponses },
      },
    },
    async (request) => listPackages(db, requireCaller(request), request.query),
  );

  app.get(
    '/api/packages/:id',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags,
        summary: 'One package',
        params: idParamsSchema,
        response: { 200: packageSchema, ...errorResponses },
      },
    },
    async (request) => getPackage(db, requireCaller(request), request.params.id),
  );

  app.post(
    '/api/packages',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Create a package (id optional: next free one)',
        body: newPackageSchema,
        response: { 201: packageSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createPackage(db, requireCaller(request), request.body)),
  );

  app.put(
    '/api/packages/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Replace a package; is_default true makes it the only default',
        params: idParamsSchema,
        body: editPackageSchema,
        response: { 200: packageSchema, ...errorResponses },
      },
    },
    async (request) => updatePackage(db, requireCaller(request), request.params.id, request.body),
  );

  app.delete(
    '/api/packages/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Remove a package; 409 when a line uses it or the spec names it',
        params: idParamsSchema,
        response: { ...noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await deletePackage(db, requireCaller(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  const bouquetTags = ['bouquets'];
  app.get(
    '/api/bouquets',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags: bouquetTags,
        summary: 'Bouquets, paged',
        querystring: bouquetListQuerySchema,
        response: { 200: bouquetListSchema, ...errorResponses },
      },
    },
    async (request) => listBouquets(db, request.query),
  );

  app.post(
    '/api/bouquets',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: bouquetTags,
        summary: 'Create a bouquet',
        body: bouquetInputSchema,
        response: { 201: bouquetSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await createBouquet(db, request.body)),
  );

  app.put(
    '/api/bouquets/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: bouquetTags,
        summary: 'Replace a bouquet',
        params: idParamsSchema,
        body: bouquetInputSchema,
        response: { 200: bouquetSchema, ...errorResponses },
      },
    },
    async (request) => updateBouquet(db, request.params.id, request.body),
  );

  app.delete(
    '/api/bouquets/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: bouquetTags,
        summary: 'Remove a bouquet; 409 when a line still lists it',
        params: idParamsSchema,
        response: { ...noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteBouquet(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
