import { errorTextFor } from '@panel/shared/errors/error-catalogue';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/** True when a string anywhere in the value (keys included) holds U+0000. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/**
 * PostgreSQL text cannot hold the NUL character: a "\u0000" anywhere in a body, query or path reached SQL
 * as an encoding error and answered 500 (found by the bad-input torture test). No field of the panel has
 * a use for it, so every request carrying one is refused up front with 400 and the catalogue's message.
 */
async function rejectNulPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw new AppError(400, 'validation_failed', errorTextFor(400).message);
    }
  });
}

export default fp(rejectNulPlugin, { name: 'reject-nul' });
