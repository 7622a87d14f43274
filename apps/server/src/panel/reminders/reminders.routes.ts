import {
  reminderLineParamsSchema,
  reminderListQuerySchema,
  reminderListSchema,
  reminderSentInputSchema,
  reminderSentSchema,
  reminderTemplateInputSchema,
  reminderTemplateListSchema,
  reminderTemplateParamsSchema,
} from '@panel/shared/reminders/reminders-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { panelPublicBaseUrl } from '../../lib/public-base-url';
import { errorResponses } from '../../lib/route-schemas';
import { LINE_ROUTES } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import type { RemindersService } from './reminders.service';

/** The 'Lembretes' screen's routes (decisions 0171, 0172): reading needs `read`, changes `lines`. */
export const remindersRoutes: FastifyPluginAsyncZod<{ service: RemindersService; config: Config }> = async (
  app,
  { service, config },
) => {
  app.get(
    '/api/reminders',
    {
      config: { access: LINE_ROUTES },
      schema: {
        tags: ['reminders'],
        summary: "The caller's customers in one reminder window, with their messages",
        querystring: reminderListQuerySchema,
        response: { 200: reminderListSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.list(requireCaller(request), request.query.window, panelPublicBaseUrl(config, request)),
  );

  app.post(
    '/api/reminders/:id/sent',
    {
      config: { access: LINE_ROUTES },
      schema: {
        tags: ['reminders'],
        summary: "Mark a line's reminder of this window as sent",
        params: reminderLineParamsSchema,
        body: reminderSentInputSchema,
        response: { 200: reminderSentSchema, ...errorResponses },
      },
    },
    async (request) => service.markSent(requireCaller(request), request.params.id, request.body.window),
  );

  app.get(
    '/api/reminders/templates',
    {
      config: { access: LINE_ROUTES },
      schema: {
        tags: ['reminders'],
        summary: "The caller's reminder templates, one per window",
        response: { 200: reminderTemplateListSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await service.templates(requireCaller(request)) }),
  );

  app.put(
    '/api/reminders/templates/:window',
    {
      config: { access: LINE_ROUTES },
      schema: {
        tags: ['reminders'],
        summary: "Save the caller's template of one window",
        params: reminderTemplateParamsSchema,
        body: reminderTemplateInputSchema,
        response: { 200: reminderTemplateListSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: await service.saveTemplate(requireCaller(request), request.params.window, request.body.body),
    }),
  );

  app.delete(
    '/api/reminders/templates/:window',
    {
      config: { access: LINE_ROUTES },
      schema: {
        tags: ['reminders'],
        summary: 'Restore the default template of one window',
        params: reminderTemplateParamsSchema,
        response: { 200: reminderTemplateListSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: await service.restoreTemplate(requireCaller(request), request.params.window),
    }),
  );
};
