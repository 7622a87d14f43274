import { apiErrorSchema } from '@panel/shared/errors/api-error';
import { z } from 'zod';

/** Error answers every route can give; listed so the OpenAPI document shows the error shape. */
export const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
} as const;

export const noContent = { 204: z.null().describe('No content') } as const;
