import type {
  CustomerBrand,
  CustomerOverview,
  CustomerPayment,
  CustomerSignIn,
} from '@panel/shared/customer-page/customer-page-api';
import { CUSTOMER_API_PATHS as PATHS } from '@panel/shared/customer-page/customer-page-paths';
import { CUSTOMER_PAGE_MESSAGES as M } from '@panel/shared/customer-page/customer-page-messages';

/**
 * The page's calls to /cliente/api (decision 0175). The contract's schemas hold zod, so the page takes their
 * types only; the paths come from their own zod-free file.
 */

/** A failed call: `status` 0 when the network failed; 401 means the session ended (or never began). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, M.loadFailed);
  }
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => null)) as
    (T & { message?: unknown; field?: unknown }) | null;
  if (!response.ok) {
    const message = typeof data?.message === 'string' ? data.message : M.loadFailed;
    const field = typeof data?.field === 'string' ? data.field : undefined;
    throw new ApiError(response.status, response.status === 429 ? M.tooManyAttempts : message, field);
  }
  return data as T;
}

export const api = {
  brand: () => call<CustomerBrand>('GET', PATHS.brand),
  me: () => call<CustomerOverview>('GET', PATHS.me),
  signIn: (input: CustomerSignIn) => call<CustomerOverview>('POST', PATHS.session, input),
  signOut: () => call<undefined>('DELETE', PATHS.session),
  renew: (packageId: number) => call<CustomerPayment>('POST', PATHS.renewals, { package_id: packageId }),
  payment: (id: number) => call<CustomerPayment>('GET', PATHS.renewal.replace(':id', String(id))),
};
