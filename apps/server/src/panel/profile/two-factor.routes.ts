import {
  recoveryCodesSchema,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@panel/shared/auth/two-factor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, noContent } from '../../lib/route-schemas';
import { ANY_ROLE, ANY_ROLE_DURING_SETUP } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  startTwoFactorSetup,
  twoFactorStatus,
  type TwoFactorDeps,
} from '../auth/two-factor/two-factor.service';

/** The profile's two-factor sign-in (decisions 0130 to 0132): its state, setting it up, turning it off. */
export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorDeps> = async (app, deps) => {
  app.get(
    '/api/profile/two-factor',
    {
      config: { access: ANY_ROLE_DURING_SETUP },
      schema: {
        tags: ['profile'],
        summary: "The account's two-factor sign-in: on or off, required, recovery codes left",
        response: { 200: twoFactorStatusSchema, ...errorResponses },
      },
    },
    async (request) => twoFactorStatus(deps.db, requireCaller(request)),
  );

  app.post(
    '/api/profile/two-factor/setup',
    {
      config: { access: ANY_ROLE_DURING_SETUP },
      schema: {
        tags: ['profile'],
        summary: 'A new authenticator secret and its QR code (in force once a code confirms it)',
        response: { 200: twoFactorSetupSchema, ...errorResponses },
      },
    },
    async (request) => startTwoFactorSetup(deps, requireCaller(request)),
  );

  app.post(
    '/api/profile/two-factor/confirm',
    {
      config: { access: ANY_ROLE_DURING_SETUP },
      schema: {
        tags: ['profile'],
        summary: 'Turn two-factor sign-in on with a code of the new secret; answers the recovery codes once',
        body: twoFactorConfirmSchema,
        response: { 200: recoveryCodesSchema, ...errorResponses },
      },
    },
    async (request) => ({
      recovery_codes: await confirmTwoFactorSetup(deps, requireCaller(request), request.body),
    }),
  );

  app.post(
    '/api/profile/two-factor/disable',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags: ['profile'],
        summary: 'Turn two-factor sign-in off with the password and a code',
        body: twoFactorDisableSchema,
        response: { ...noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await disableTwoFactor(deps, requireCaller(request), request.body);
      return reply.status(204).send(null);
    },
  );
};
