import { panelDate } from '@panel/shared/lines/panel-calendar';
import { MAX_ID } from '@panel/shared/lists/list-query';
import { paymentSubject } from '@panel/shared/payments/credit-sales';
import {
  paymentPeriod,
  paymentStateLabel,
  pendingReasonText,
  type PaymentExportQuery,
} from '@panel/shared/payments/payments-api';
import { nowSeconds, unixSeconds } from '@panel/shared/time/unix-seconds';
import type { Database } from '../../db/database';
import { csvFileName, type CsvCell, type CsvDownload } from '../../lib/csv/csv-answer';
import { csvDateTime, csvDecimal } from '../../lib/csv/csv-cells';
import type { Caller } from '../auth/caller';
import { toPayment } from './payment-view';
import { paymentExportPage, type PaymentRecord } from './payments.repository';

const EXPORT_PAGE_ROWS = 1_000;
const METHODS = { static_pix: 'PIX estático', mercadopago: 'Mercado Pago' } as const;

/** The columns of the 'Pagamentos' CSV, in the screen's words. */
const PAYMENT_CSV_HEADER = [
  'Data',
  'Usuário',
  'Pacote',
  'Valor (R$)',
  'Forma',
  'Situação',
  'Pago em',
  'Renovado em',
  'Pendência',
  'Referência',
] as const;

const seconds = (iso: string | null) => (iso === null ? null : unixSeconds(new Date(iso)));

function paymentCells(record: PaymentRecord): CsvCell[] {
  const payment = toPayment(record);
  // A credit sale (decision 0186) names its buyer and credits where a renewal names its line and package.
  const subject = paymentSubject(payment);
  return [
    csvDateTime(seconds(payment.created_at)),
    subject.who,
    subject.what,
    csvDecimal(payment.amount),
    METHODS[payment.provider],
    paymentStateLabel(payment.state, payment.purpose),
    csvDateTime(seconds(payment.paid_at)),
    csvDateTime(seconds(payment.renewed_at)),
    payment.renewal_pending_reason
      ? pendingReasonText(payment.renewal_pending_reason, payment.purpose)
      : null,
    payment.reference,
  ];
}

/**
 * GET /api/payments/export: every payment of the caller the list shows with these filters (not only a
 * page), newest first, read in keyset pages while the file streams (the CSV of decision 0155).
 */
export function exportPayments(db: Database, caller: Caller, query: PaymentExportQuery): CsvDownload {
  const filter = { accountId: caller.id, state: query.state, ...paymentPeriod(query.dates) };
  async function* pages(): AsyncGenerator<CsvCell[][]> {
    let through = MAX_ID;
    for (;;) {
      const rows = await paymentExportPage(db, filter, { through, limit: EXPORT_PAGE_ROWS });
      if (rows.length === 0) return;
      yield rows.map(paymentCells);
      if (rows.length < EXPORT_PAGE_ROWS) return;
      through = (rows.at(-1)?.id ?? 1) - 1;
    }
  }
  return {
    filename: csvFileName('pagamentos', panelDate(nowSeconds())),
    header: PAYMENT_CSV_HEADER,
    pages: pages(),
  };
}
