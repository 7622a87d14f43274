import type { CustomerOverview, CustomerPayment } from '@panel/shared/customer-page/customer-page-api';
import { CUSTOMER_PAGE_MESSAGES as M } from '@panel/shared/customer-page/customer-page-messages';
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError } from './api';
import { CopyButton } from './copy-button';
import { formatDateTime, formatReais } from './format';

/** How often a waiting payment is asked again (decision 0181): a PIX paid shows within seconds. */
export const POLL_MS = 3000;
const WAITING: ReadonlySet<CustomerPayment['state']> = new Set(['pending', 'renewal_pending']);

interface Props {
  renewal: CustomerOverview['renewal'];
  onBack: () => void;
  /** A payment changed state: the overview is asked again (a renewal moves the expiry). */
  onChanged: () => void;
  onSessionEnded: () => void;
}

/** 'Renovar': choose a plan, pay it by PIX, and watch the payment until it is renewed (decision 0181). */
export function Renewal({ renewal, onBack, onChanged, onSessionEnded }: Props) {
  const [payment, setPayment] = useState<CustomerPayment | null>(renewal.current);
  const [chosen, setChosen] = useState(renewal.options[0]?.package_id ?? 0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const paymentId = payment?.id;
  const waiting = payment !== null && WAITING.has(payment.state);
  useEffect(() => {
    if (paymentId === undefined || !waiting) return;
    let stopped = false;
    let timer = 0;
    let lastState = payment?.state;
    const poll = () => {
      timer = window.setTimeout(() => {
        api.payment(paymentId).then(
          (next) => {
            if (stopped) return;
            setPayment(next);
            if (next.state !== lastState) onChanged();
            lastState = next.state;
            if (WAITING.has(next.state)) poll();
          },
          (caught: unknown) => {
            if (stopped) return;
            if (caught instanceof ApiError && caught.status === 401) onSessionEnded();
            // A dropped connection on a phone is common: keep asking, quietly.
            else poll();
          },
        );
      }, POLL_MS);
    };
    poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // Only a new payment, or one that stopped or started waiting, restarts the polling.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paymentId, waiting, onChanged, onSessionEnded]);

  async function pay() {
    setBusy(true);
    setError(null);
    try {
      setPayment(await api.renew(chosen));
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 401) return onSessionEnded();
      setError(caught instanceof ApiError ? caught.message : M.loadFailed);
    } finally {
      setBusy(false);
    }
  }

  const back = (
    <button type="button" class="secondary" onClick={onBack} data-testid="customer-back">
      {M.back}
    </button>
  );

  if (payment) {
    return (
      <section class="card" aria-labelledby="renew-title" data-testid="customer-payment">
        <h2 id="renew-title">{M.renewTitle}</h2>
        <p class="plan-line">
          {payment.package_name && <strong>{payment.package_name}</strong>}
          {payment.months !== null && <span>{M.months(payment.months)}</span>}
          <span>
            {M.amount}: <strong data-testid="customer-payment-amount">{formatReais(payment.amount)}</strong>
          </span>
        </p>
        <PaymentState payment={payment} />
        {(payment.state === 'expired' || payment.state === 'cancelled') && (
          <button type="button" onClick={() => setPayment(null)} data-testid="customer-new-charge">
            {M.newCharge}
          </button>
        )}
        {back}
      </section>
    );
  }

  return (
    <section class="card" aria-labelledby="renew-title" data-testid="customer-renewal">
      <h2 id="renew-title">{M.renewTitle}</h2>
      {renewal.options.length === 0 ? (
        <p class="muted" data-testid="customer-renew-unavailable">
          {M.renewUnavailable}
        </p>
      ) : (
        <>
          <fieldset class="plans">
            <legend>{M.choosePackage}</legend>
            {renewal.options.map((option) => (
              <label class="plan" key={option.package_id} data-testid="customer-plan">
                <input
                  type="radio"
                  name="plan"
                  value={option.package_id}
                  checked={chosen === option.package_id}
                  onChange={() => setChosen(option.package_id)}
                />
                <span class="plan-name">{option.name}</span>
                <span class="muted">{M.months(option.months)}</span>
                <strong class="plan-price">{formatReais(option.price)}</strong>
              </label>
            ))}
          </fieldset>
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
          <button type="button" disabled={busy} onClick={() => void pay()} data-testid="customer-pay">
            {M.payWithPix}
          </button>
        </>
      )}
      {back}
    </section>
  );
}

/** What the payment's state means to the customer, in its honest words (decision 0181). */
function PaymentState({ payment }: { payment: CustomerPayment }) {
  switch (payment.state) {
    case 'pending':
      return (
        <>
          {payment.pix_qr && (
            <img class="qr" src={payment.pix_qr} alt={M.pixQr} data-testid="customer-pix-qr" />
          )}
          <p>{M.pixInstructions}</p>
          {payment.pix_code && (
            <div class="copy-row">
              <label class="field grow">
                <span>{M.pixCopyPaste}</span>
                <textarea readOnly rows={3} value={payment.pix_code} data-testid="customer-pix-code" />
              </label>
              <CopyButton text={payment.pix_code} what={M.pixCopyPaste} testId="customer-pix-copy" />
            </div>
          )}
          <p class="muted">
            {M.pixValidUntil} {formatDateTime(payment.expires_at)}
          </p>
          <p class="status-text" role="status" data-testid="customer-payment-state">
            {M.waitingPayment}
            {payment.manual_confirmation && (
              <>
                <br />
                {M.waitingManualConfirmation}
              </>
            )}
          </p>
        </>
      );
    case 'paid':
      return <Said text={M.paidRenewed} good />;
    case 'renewal_pending':
      return <Said text={M.paidRenewalPending} good />;
    case 'expired':
      return <Said text={M.paymentExpired} />;
    case 'cancelled':
      return <Said text={M.paymentCancelled} />;
    case 'refunded':
      return <Said text={M.paymentRefunded} />;
  }
}

function Said({ text, good = false }: { text: string; good?: boolean }) {
  return (
    <p class={good ? 'notice good' : 'notice'} role="status" data-testid="customer-payment-state">
      {text}
    </p>
  );
}
