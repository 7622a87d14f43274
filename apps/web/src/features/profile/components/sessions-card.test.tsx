import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { SessionsCard } from './sessions-card';

afterEach(() => vi.restoreAllMocks());

const session = (id: number, device: string, current: boolean, country: string | null = 'BR') => ({
  id,
  device,
  ip: `177.0.0.${id}`,
  country,
  created_at: '2026-11-20T10:00:00.000Z',
  last_seen_at: '2026-11-28T09:30:00.000Z',
  current,
  locked: false,
});

describe('Profile → Sessões (decision 0134)', () => {
  it('lists the sessions with device, address and country, and ends one of the others', async () => {
    const calls = mockApi({
      'GET /profile/sessions': {
        body: { sessions: [session(1, 'Chrome em Windows', true), session(2, 'Safari em iOS', false, null)] },
      },
      'DELETE /profile/sessions/2': { status: 204 },
    });
    renderWithProviders(<SessionsCard />);
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Chrome em Windows');
    expect(rows[0]).toHaveTextContent('Esta sessão');
    expect(rows[0]).toHaveTextContent('177.0.0.1 · Brasil');
    // The current session is ended by signing out, not from here.
    expect(within(rows[0] as HTMLElement).queryByTestId('session-end')).toBeNull();
    fireEvent.click(within(rows[1] as HTMLElement).getByTestId('session-end'));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.path === '/profile/sessions/2')).toBe(
        true,
      ),
    );
  });

  it('ends every other session after a confirmation', async () => {
    const calls = mockApi({
      'GET /profile/sessions': {
        body: { sessions: [session(1, 'Chrome em Windows', true), session(3, 'Firefox em Linux', false)] },
      },
      'POST /profile/sessions/end-others': { body: { ended: 1 } },
    });
    renderWithProviders(<SessionsCard />);
    await screen.findAllByTestId('session-row');
    fireEvent.click(screen.getByTestId('sessions-end-others'));
    expect(calls.some((call) => call.path === '/profile/sessions/end-others')).toBe(false);
    fireEvent.click(await screen.findByTestId('sessions-end-others-confirm'));
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/profile/sessions/end-others')).toBe(true),
    );
  });

  it('offers nothing to end when this is the only session', async () => {
    mockApi({ 'GET /profile/sessions': { body: { sessions: [session(1, 'Chrome em Windows', true)] } } });
    renderWithProviders(<SessionsCard />);
    expect(await screen.findByText('Nenhuma outra sessão aberta.')).toBeInTheDocument();
    expect(screen.getByTestId('sessions-end-others')).toBeDisabled();
  });
});
