import type { Payment } from '@panel/shared/payments/payments-api';
import { fromCents, toCents } from '@panel/shared/money/credits';
import type { PaymentRecord } from './payments.repository';

/** A payment as the API answers it; the 'PIX copia e cola' only while the payment still waits for money. */
export function toPayment(record: PaymentRecord): Payment {
  return {
    id: record.id,
    reference: record.reference,
    purpose: record.purpose,
    provider: record.provider,
    state: record.state,
    renewal_pending_reason: record.renewalPendingReason,
    amount: fromCents(toCents(record.amount)),
    line_id: record.lineId,
    line_username: record.lineUsername,
    package_id: record.packageId,
    package_name: record.packageName,
    months: record.months,
    buyer_account_id: record.buyerAccountId,
    buyer_username: record.buyerUsername,
    credits: record.credits,
    pix_code: record.state === 'pending' ? record.pixCode : null,
    ticket_url: record.state === 'pending' ? record.ticketUrl : null,
    created_at: record.createdAt.toISOString(),
    expires_at: record.expiresAt.toISOString(),
    paid_at: record.paidAt?.toISOString() ?? null,
    renewed_at: record.renewedAt?.toISOString() ?? null,
  };
}
