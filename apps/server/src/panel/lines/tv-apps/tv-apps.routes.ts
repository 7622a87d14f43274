import { apiErrorSchema } from '@panel/shared/errors/api-error';
import { idParamsSchema } from '@panel/shared/lists/list-query';
import {
  connectTvBodySchema,
  connectTvResultSchema,
  dreamTvBodySchema,
  dreamTvResultSchema,
  tvAppsStatusSchema,
} from '@panel/shared/tv-apps/tv-apps-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../../config';
import type { Database } from '../../../db/database';
import { publicBaseUrl } from '../../../lib/public-base-url';
import { errorResponses } from '../../../lib/route-schemas';
import { LINE_ROUTES } from '../../../plugins/access';
import { requireCaller } from '../../auth/caller';
import { tvAppsFromConfig, tvAppsStatus } from './tv-apps';
import { connectDreamTv, connectTv, disconnectDreamTv, updateDreamTv } from './tv-apps.service';

const tags = ['users'];
const access = LINE_ROUTES;
const params = idParamsSchema;
// 502: the service refused or did not answer in time; 503: the service is not configured (decision 0051).
const serviceErrors = { ...errorResponses, 502: apiErrorSchema, 503: apiErrorSchema };

/** DreamTV playlists and connect TV for IPTV lines (docs/product/rules.md#dreamtv-mac, decision 0051). */
export const tvAppsRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const apps = tvAppsFromConfig(config);

  app.get(
    '/api/tv-apps/status',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Which TV app services (DreamTV, connect TV) this server is configured for',
        response: { 200: tvAppsStatusSchema, ...errorResponses },
      },
    },
    async () => tvAppsStatus(apps),
  );

  app.post(
    '/api/users/:id/dreamtv',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Add the IPTV line’s playlist to the DreamTV device with this MAC',
        params,
        body: dreamTvBodySchema,
        response: { 200: dreamTvResultSchema, ...serviceErrors },
      },
    },
    async (request) => ({
      line: await connectDreamTv(
        db,
        requireCaller(request),
        request.params.id,
        request.body.mac,
        apps,
        publicBaseUrl(request, config.PLAYER_BASE_URL),
      ),
    }),
  );

  app.put(
    '/api/users/:id/dreamtv',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Move the line’s DreamTV playlist to the device with this MAC',
        params,
        body: dreamTvBodySchema,
        response: { 200: dreamTvResultSchema, ...serviceErrors },
      },
    },
    async (request) => ({
      line: await updateDreamTv(
        db,
        requireCaller(request),
        request.params.id,
        request.body.mac,
        apps,
        publicBaseUrl(request, config.PLAYER_BASE_URL),
      ),
    }),
  );

  app.delete(
    '/api/users/:id/dreamtv',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Remove the line’s playlist from DreamTV',
        params,
        response: { 200: dreamTvResultSchema, ...serviceErrors },
      },
    },
    async (request) => ({
      line: await disconnectDreamTv(db, requireCaller(request), request.params.id, apps),
    }),
  );

  app.post(
    '/api/users/:id/connect-tv',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Send the IPTV line’s playlist to the TV with this MAC',
        params,
        body: connectTvBodySchema,
        response: { 200: connectTvResultSchema, ...serviceErrors },
      },
    },
    async (request) =>
      connectTv(
        db,
        requireCaller(request),
        request.params.id,
        request.body.mac,
        apps,
        publicBaseUrl(request, config.PLAYER_BASE_URL),
      ),
  );
};
