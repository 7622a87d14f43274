import { describe, expect, it } from 'vitest';
import { LEDGER_MESSAGES, ledgerQuerySchema } from './ledger-entry-schema';

describe('ledger', () => {
  it('refuses a spend beyond the balance with the Portuguese message', () => {
    expect(LEDGER_MESSAGES.insufficientCredits).toBe('Créditos insuficientes.');
  });
  it('lists newest first by default', () => {
    expect(ledgerQuerySchema.parse({})).toMatchObject({
      page: 1,
      per: 10,
      order_by: { field: 'id', direction: 'desc' },
    });
  });
});
