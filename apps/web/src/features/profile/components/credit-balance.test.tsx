import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildProfile } from '@test/fixtures/profile';
import { renderWithProviders } from '@test/render';
import { BALANCE_WIDTH, CreditBalance } from './credit-balance';

describe('CreditBalance (decision 0028)', () => {
  it('holds the number’s place while the profile loads, then shows the balance in the same box', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    renderWithProviders(<CreditBalance />);

    // Right after sign-in: 'Créditos:' is followed by a placeholder as wide as the number, never by nothing.
    const placeholder = screen.getByTestId('credit-balance-placeholder');
    expect(placeholder.getAttribute('aria-busy')).toBe('true');
    expect(placeholder.style.minWidth).toBe(BALANCE_WIDTH);
    expect(placeholder.previousElementSibling?.textContent).toBe('Créditos:');
    expect(screen.queryByTestId('credit-balance')).toBeNull();

    await act(async () =>
      answer(new Response(JSON.stringify(buildProfile({ credits: '1234.50' })), { status: 200 })),
    );
    const balance = await screen.findByTestId('credit-balance');
    expect(balance.textContent).toBe('1.234,50');
    expect(balance.style.minWidth).toBe(placeholder.style.minWidth);
    expect(balance.className).toBe(placeholder.className);
    expect(screen.queryByTestId('credit-balance-placeholder')).toBeNull();
  });

  it('warns while the balance is below the low-balance threshold, in exact cents (decision 0174)', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify(buildProfile({ credits: '9.99', low_balance_threshold: '10.00' })), {
        status: 200,
      }),
    );
    renderWithProviders(<CreditBalance />);
    const warning = await screen.findByTestId('low-balance-warning');
    expect(warning.textContent).toBe('Saldo baixo');
    expect(warning.getAttribute('title')).toBe('Saldo abaixo de 10,00 créditos');
  });
});
