import type { ApiErrorBody, ErrorCode } from '@panel/shared/errors/api-error';
import { errorTextFor } from '@panel/shared/errors/error-catalogue';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  422: 'validation_failed',
  429: 'rate_limited',
};

/** Turns a validation error's JSON pointer ("/user/name") into the field name the form knows. */
function fieldFromPath(instancePath: string): string | undefined {
  const field = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return field === '' ? undefined : field;
}

/**
 * The one error handler: every failure leaves as `{ status, code, message, field? }` with a
 * Portuguese message. 5xx never shows internals; they are logged with the request id.
 */
async function errorHandlerPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let body: ApiErrorBody;
    if (error instanceof AppError) {
      body = { status: error.statusCode, code: error.code, message: error.message, field: error.field };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first ? fieldFromPath(first.instancePath) : undefined;
      // A body that is not an object at all has no field message to show; use the catalogue's.
      const fieldMessage = first && first.instancePath !== '/' ? first.message : undefined;
      body = {
        status: 400,
        code: 'validation_failed',
        message: fieldMessage ?? errorTextFor(400).message,
        field,
      };
    } else {
      const given = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      // A request the framework refuses for its form (a body too large, not JSON, a content type the API
      // does not take) is bad input like any other: 400 with the catalogue's message (docs/product/api.md#bad-input), not
      // a 413/415 whose only text would be "Erro 415".
      const status = given < 500 && !(given in CODE_BY_STATUS) ? 400 : given;
      body = {
        status: status >= 500 ? 500 : status,
        code: CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal_error' : 'bad_request'),
        message: errorTextFor(status >= 500 ? 500 : status).message,
      };
    }
    if (body.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status: body.status }, 'request rejected');
    return reply.status(body.status).send(body);
  });
}

export default fp(errorHandlerPlugin, { name: 'error-handler' });
