import {
  captchaConfigSchema,
  signInAnswerSchema,
  signInResponseSchema,
  signInSchema,
  unlockSchema,
} from '@panel/shared/auth/sign-in-schema';
import { secondStepSchema } from '@panel/shared/auth/two-factor';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, noContent } from '../../lib/route-schemas';
import { ANY_ROLE, ANY_SESSION_EVEN_LOCKED, PUBLIC } from '../../plugins/access';
import { requireCaller } from './caller';
import { bearerToken } from '../../lib/bearer-token';
import { ALTCHA_CHALLENGE_PATH } from './captcha';
import { completeSignIn, completeUnlock, lock, logout, signIn, unlock, type AuthDeps } from './auth.service';

function clientInfo(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

export const authRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  app.get(
    '/api/auth/captcha',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['auth'],
        summary: 'Captcha widget configuration',
        response: { 200: captchaConfigSchema },
      },
    },
    async () => deps.captcha.publicConfig,
  );

  app.get(
    ALTCHA_CHALLENGE_PATH,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['auth'],
        summary: 'A new altcha proof-of-work challenge',
        response: { 200: z.unknown(), ...errorResponses },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return deps.captcha.createChallenge();
    },
  );

  app.post(
    '/api/auth/sign-in',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username, password and captcha (a session, or a second-step ticket)',
        body: signInSchema,
        response: { 200: signInAnswerSchema, ...errorResponses },
      },
    },
    async (request) => signIn(deps, request.body, clientInfo(request)),
  );

  app.post(
    '/api/auth/second-step',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['auth'],
        summary: "Finish a sign-in with the password step's ticket and an authenticator or recovery code",
        body: secondStepSchema,
        response: { 200: signInResponseSchema, ...errorResponses },
      },
    },
    async (request) => completeSignIn(deps, request.body, clientInfo(request)),
  );

  app.post(
    '/api/auth/unlock',
    {
      config: { access: ANY_SESSION_EVEN_LOCKED },
      schema: {
        tags: ['auth'],
        summary: 'Unlock a locked session with the password and captcha (or get a second-step ticket)',
        body: unlockSchema,
        response: { 200: signInAnswerSchema, ...errorResponses },
      },
    },
    // The session was found from this very header, so its token is there.
    async (request) =>
      unlock(deps, requireCaller(request), request.body, clientInfo(request), bearerToken(request) ?? ''),
  );

  app.post(
    '/api/auth/unlock/second-step',
    {
      config: { access: ANY_SESSION_EVEN_LOCKED },
      schema: {
        tags: ['auth'],
        summary: "Finish an unlock with the password step's ticket and an authenticator or recovery code",
        body: secondStepSchema,
        response: { 200: signInResponseSchema, ...errorResponses },
      },
    },
    async (request) => completeUnlock(deps, requireCaller(request), request.body, bearerToken(request) ?? ''),
  );

  app.post(
    '/api/auth/lock',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags: ['auth'],
        summary: 'Lock the current session',
        response: { ...noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await lock(deps.db, requireCaller(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: ANY_SESSION_EVEN_LOCKED },
      schema: {
        tags: ['auth'],
        summary: 'End the current session',
        response: { ...noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await logout(deps.db, requireCaller(request));
      return reply.status(204).send(null);
    },
  );
};
