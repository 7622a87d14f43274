import { endedSessionsSchema, openSessionsSchema } from '@panel/shared/auth/sessions-schema';
import { idParamsSchema } from '@panel/shared/lists/list-query';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { errorResponses, noContent } from '../../lib/route-schemas';
import { ANY_ROLE } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import { endOtherSessions, endOwnSession, openSessionsOf } from './sessions.service';

/** Profile → 'Sessões' (decision 0134): the account's open sessions, ending one or all the others. */
export const sessionsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/profile/sessions',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags: ['profile'],
        summary: "The account's open sessions: device, address, country, started, last seen",
        response: { 200: openSessionsSchema, ...errorResponses },
      },
    },
    async (request) => openSessionsOf(db, requireCaller(request)),
  );

  app.delete(
    '/api/profile/sessions/:id',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags: ['profile'],
        summary: "End one of the account's sessions",
        params: idParamsSchema,
        response: { ...noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await endOwnSession(db, requireCaller(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/profile/sessions/end-others',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags: ['profile'],
        summary: 'End every session of the account but this one',
        response: { 200: endedSessionsSchema, ...errorResponses },
      },
    },
    async (request) => ({ ended: await endOtherSessions(db, requireCaller(request)) }),
  );
};
