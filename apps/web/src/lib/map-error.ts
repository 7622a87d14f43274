import { pickErrorText } from '@panel/shared/errors/pick-error-text';
import { ApiError } from './api-client';

export interface ErrorText {
  title: string;
  message: string;
}

/**
 * The one place that turns any failure into the title and message a person reads (docs/product/messages.md#error-text-order:
 * response message, response error, own message unless network, status table, network, fallback).
 * An HTTP answer's own message is only our "HTTP 500" placeholder, so it never competes with the table.
 */
export function mapError(error: unknown): ErrorText {
  if (error instanceof ApiError) {
    if (error.network) return pickErrorText({ network: true, ownMessage: error.message });
    return pickErrorText({ status: error.status, body: error.body });
  }
  if (error instanceof Error) return pickErrorText({ ownMessage: error.message });
  if (typeof error === 'string') return pickErrorText({ ownMessage: error });
  return pickErrorText({});
}
