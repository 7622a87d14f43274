import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { mockApi, type MockAnswer } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { CleanupDialog, cleanupErrorText } from './cleanup-dialog';

function renderDialog(handlers: Record<string, MockAnswer>) {
  const calls = mockApi(handlers);
  renderWithProviders(<CleanupDialog opened onClose={() => {}} />);
  return calls;
}

describe('CleanupDialog (docs/product/screens.md#cleanup, docs/product/messages.md#line-messages)', () => {
  it('offers the four actions in the spec’s order', () => {
    renderDialog({});
    const dialog = screen.getByTestId('cleanup-dialog');
    expect(
      within(dialog)
        .getAllByRole('button', { name: /^Remover/ })
        .map((b) => b.textContent),
    ).toEqual([
      'Remover testes expirados',
      'Remover usuários expirados há mais de 30 dias',
      'Remover usuários expirados há mais de 10 dias',
      'Remover usuários expirados há mais de 3 dias',
    ]);
  });

  it('asks first, then shows the server’s message', async () => {
    const calls = renderDialog({
      'DELETE /users/cleanup/expired-users': {
        body: { deleted_count: 2, message: '2 usuários removidos com sucesso.' },
      },
    });
    fireEvent.click(screen.getByTestId('cleanup-expired-10'));
    expect(screen.getByTestId('cleanup-confirm').textContent).toContain(
      'Deseja realmente remover os usuários expirados há mais de 10 dias?',
    );
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByTestId('cleanup-confirm-confirm'));
    expect((await screen.findByTestId('cleanup-result')).textContent).toBe(
      '2 usuários removidos com sucesso.',
    );
    expect(calls[0]).toMatchObject({ method: 'DELETE', body: { days: 10 } });
  });

  it('expired trials: no body; "Nenhum usuário para remover." when none', async () => {
    const calls = renderDialog({
      'DELETE /users/cleanup/expired-trials': {
        body: { deleted_count: 0, message: 'Nenhum usuário para remover.' },
      },
    });
    fireEvent.click(screen.getByTestId('cleanup-expired-trials'));
    fireEvent.click(screen.getByTestId('cleanup-confirm-confirm'));
    expect((await screen.findByTestId('cleanup-result')).textContent).toBe('Nenhum usuário para remover.');
    expect(calls[0]?.body).toBeUndefined();
  });

  it('cancel goes back without a call', () => {
    const calls = renderDialog({});
    fireEvent.click(screen.getByTestId('cleanup-expired-3'));
    fireEvent.click(screen.getByTestId('cleanup-confirm-cancel'));
    expect(screen.getAllByTestId('cleanup-expired-3')).toHaveLength(1);
    expect(calls).toHaveLength(0);
  });

  it('a failure without a message: "Erro ao remover usuários"', async () => {
    renderDialog({ 'DELETE /users/cleanup/expired-users': { status: 500, body: {} } });
    fireEvent.click(screen.getByTestId('cleanup-expired-30'));
    fireEvent.click(screen.getByTestId('cleanup-confirm-confirm'));
    expect((await screen.findByTestId('cleanup-result')).textContent).toBe('Erro ao remover usuários');
  });

  it('error texts: server message, fallback, unreachable', () => {
    expect(
      cleanupErrorText(new ApiError({ status: 400, body: { message: 'Período inválido' }, message: 'x' })),
    ).toBe('Período inválido');
    expect(cleanupErrorText(new ApiError({ status: 500, body: {}, message: 'HTTP 500' }))).toBe(
      'Erro ao remover usuários',
    );
    expect(cleanupErrorText(new ApiError({ network: true, message: 'Failed to fetch' }))).toBe(
      'Erro ao conectar com o servidor',
    );
  });
});
