import { CUSTOMER_PAGE_MESSAGES as M } from '@panel/shared/customer-page/customer-page-messages';

export function Loading() {
  return (
    <p class="state" role="status" data-testid="customer-loading">
      {M.loading}
    </p>
  );
}

export function Failure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div class="state" role="alert" data-testid="customer-error">
      <p>{message}</p>
      <button type="button" onClick={onRetry}>
        {M.retry}
      </button>
    </div>
  );
}
