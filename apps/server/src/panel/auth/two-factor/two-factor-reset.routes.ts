import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@panel/shared/lists/list-query';
import { errorResponses, noContent } from '../../../lib/route-schemas';
import { ADMIN_ONLY } from '../../../plugins/access';
import { requireCaller } from '../caller';
import { resetTwoFactor, type TwoFactorDeps } from './two-factor.service';

/** The admin resets an account's two-factor sign-in (decision 0135). */
export const twoFactorResetRoutes: FastifyPluginAsyncZod<TwoFactorDeps> = async (app, deps) => {
  app.delete(
    '/api/admin/accounts/:id/two-factor',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: ['resellers'],
        summary:
          "Reset an account's two-factor sign-in (logged; its sessions end, it is told at next sign-in)",
        params: idParamsSchema,
        response: { ...noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await resetTwoFactor(deps, requireCaller(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
