import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { LogEntry } from '@panel/shared/logs/log-schemas';
import { mockApi } from '@test/mock-api';
import { buildProfile } from '@test/fixtures/profile';
import { renderWithProviders } from '@test/render';
import { LogsPage } from './logs-page';
import { signedLogValue } from './log-columns';
import { ResellerLogsPage } from './reseller-logs-page';

function entry(overrides: Partial<LogEntry>): LogEntry {
  return {
    id: 1,
    created_at: '2026-11-21T15:00:00.000Z',
    action: 'add',
    type: 'credits',
    value: null,
    value_int: null,
    reseller_id: 7,
    reseller: 'master01',
    master_id: 1,
    master: 'admin',
    target_id: null,
    target: null,
    line_id: null,
    user: null,
    reseller_credits_before: null,
    reseller_credits_after: null,
    target_credits_before: null,
    target_credits_after: null,
    details: null,
    api_token: null,
    ...overrides,
  };
}

const ROWS: LogEntry[] = [
  entry({
    id: 1,
    action: 'renewed',
    type: 'users',
    value: '-3.00',
    value_int: 1,
    user: 'cliente01',
    reseller_credits_before: '375.00',
    reseller_credits_after: '372.00',
  }),
  entry({
    id: 2,
    action: 'delete',
    type: 'resellers',
    value: '-20.00',
    target: 'subrev01',
    target_credits_before: '20.00',
    target_credits_after: '0.00',
  }),
  entry({ id: 3, action: 'add', value: '10.00', value_int: 10, target: 'subrev01' }),
  entry({ id: 4, action: 'expiry_2359', type: 'users', user: 'cliente01' }),
];

const answer = { body: { data: ROWS, meta: { page: 1, pages: 1, per: 10, total: ROWS.length } } };

describe('log movements (decision 0026)', () => {
  it('reads debits as negative and credits with a +', () => {
    expect(signedLogValue('-3.00')).toBe('-3,00');
    expect(signedLogValue('20.00')).toBe('+20,00');
    expect(signedLogValue('0.00')).toBe('0,00');
    expect(signedLogValue(null)).toBe('-');
  });

  it('/logs shows a spend and a deletion as debits, and each action by its own label', async () => {
    mockApi({ 'GET /logs': answer });
    renderWithProviders(
      <MemoryRouter>
        <LogsPage profile={buildProfile()} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getAllByTestId('log-value')).toHaveLength(4));
    expect(screen.getAllByTestId('log-value').map((cell) => cell.textContent)).toEqual([
      '-3,00',
      '-20,00',
      '+10,00',
      '-',
    ]);
    expect(screen.getAllByTestId('log-action').map((cell) => cell.textContent)).toEqual([
      'RENOVAÇÃO',
      'EXCLUIR',
      'ADICIONAR',
      'VENCIMENTO 23:59',
    ]);
    expect(screen.queryAllByText('master01: 375,00 → 372,00')).toHaveLength(1);
  });

  it("/resellers/logs signs QTDE the same way and sends 'Revendedor' as the reseller filter", async () => {
    const calls = mockApi({ 'GET /logs': answer });
    renderWithProviders(
      <MemoryRouter>
        <ResellerLogsPage profile={buildProfile()} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getAllByTestId('log-value')).toHaveLength(4));
    expect(screen.getAllByTestId('log-value').map((cell) => cell.textContent)).toEqual([
      '-3,00',
      '-20,00',
      '+10,00',
      '-',
    ]);
    fireEvent.change(screen.getByTestId('filter-reseller'), { target: { value: 'subrev01' } });
    fireEvent.keyDown(screen.getByTestId('filter-reseller'), { key: 'Enter' });
    await waitFor(() => expect(calls.at(-1)?.query.get('reseller')).toBe('subrev01'));
    expect(calls.at(-1)?.query.has('target')).toBe(false);
  });

  it("the row action's link (?target=) opens a reseller's statement on 'Alvo'", async () => {
    const calls = mockApi({ 'GET /logs': answer });
    renderWithProviders(
      <MemoryRouter initialEntries={['/resellers/logs?target=subrev01']}>
        <ResellerLogsPage profile={buildProfile()} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('filter-target')).toHaveProperty('value', 'subrev01'));
    expect(screen.getByTestId('filter-reseller')).toHaveProperty('value', '');
    expect(calls[0]?.query.get('target')).toBe('subrev01');
    expect(calls.every((call) => !call.query.has('reseller'))).toBe(true);
  });
});
