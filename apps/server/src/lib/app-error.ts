import type { ErrorCode } from '@panel/shared/errors/api-error';
import { errorTextFor } from '@panel/shared/errors/error-catalogue';

/** The one typed error of the server: status, machine code, Portuguese message, optional field. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string = errorTextFor(statusCode).message,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static notFound(message?: string): AppError {
    return new AppError(404, 'not_found', message);
  }

  static forbidden(message?: string): AppError {
    return new AppError(403, 'forbidden', message);
  }

  static badRequest(message: string, field?: string): AppError {
    return new AppError(400, 'validation_failed', message, field);
  }

  static conflict(message?: string, field?: string): AppError {
    return new AppError(409, 'conflict', message, field);
  }
}
