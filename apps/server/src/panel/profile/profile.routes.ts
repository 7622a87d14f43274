import { changePasswordSchema } from '@panel/shared/auth/password-rules';
import { profileSchema, profileUpdateSchema } from '@panel/shared/profile/profile-schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { errorResponses, noContent } from '../../lib/route-schemas';
import { ANY_ROLE, ANY_ROLE_DURING_SETUP } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import { changePassword, getProfile, updateProfile } from './profile.service';

export const profileRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/api/profile',
    {
      // The setup screen of a required second step reads it too (decision 0132).
      config: { access: ANY_ROLE_DURING_SETUP },
      schema: {
        tags: ['profile'],
        summary: 'The signed-in account',
        response: { 200: profileSchema, ...errorResponses },
      },
    },
    async (request) => getProfile(db, requireCaller(request)),
  );

  app.post(
    '/api/profile',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags: ['profile'],
        summary: 'Save theme, vertical tables and avatar',
        body: profileUpdateSchema,
        response: { 200: profileSchema, ...errorResponses },
      },
    },
    async (request) => updateProfile(db, requireCaller(request), request.body),
  );

  app.put(
    '/api/profile/password',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags: ['profile'],
        summary: 'Change the password, given the current one (ends the other sessions unless asked not to)',
        body: changePasswordSchema,
        response: { ...noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await changePassword(db, config, requireCaller(request), request.body);
      return reply.status(204).send(null);
    },
  );
};
