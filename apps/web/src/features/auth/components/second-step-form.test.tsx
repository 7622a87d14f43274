import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '@panel/shared/auth/two-factor-messages';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@test/render';
import { SecondStepForm } from './second-step-form';

const refusal = (code: string, message: string) =>
  new ApiError({ message: 'HTTP 401', status: 401, body: { status: 401, code, message } });

describe('the second step of sign-in and unlock (decision 0131)', () => {
  it('sends the code, and shows a wrong one on the form', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValue(refusal('invalid_credentials', TWO_FACTOR_MESSAGES.codeInvalid));
    renderWithProviders(<SecondStepForm onSubmit={onSubmit} onBack={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Código do aplicativo autenticador'), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByTestId('second-step-error')).toHaveTextContent(TWO_FACTOR_MESSAGES.codeInvalid);
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });

  it('takes a recovery code instead, and goes back to the password when the ticket expired', async () => {
    const onBack = vi.fn();
    const onSubmit = vi
      .fn()
      .mockRejectedValue(refusal('second_step_expired', TWO_FACTOR_MESSAGES.ticketExpired));
    renderWithProviders(<SecondStepForm onSubmit={onSubmit} onBack={onBack} />);
    fireEvent.click(screen.getByRole('button', { name: 'Usar um código de recuperação' }));
    fireEvent.change(screen.getByLabelText('Código de recuperação'), { target: { value: 'abcde-fghjk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(onBack).toHaveBeenCalledWith(TWO_FACTOR_MESSAGES.ticketExpired));
    expect(onSubmit).toHaveBeenCalledWith('abcde-fghjk');
  });
});
