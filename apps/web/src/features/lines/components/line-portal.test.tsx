import { Notifications } from '@mantine/notifications';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PORTAL_LABELS, PORTAL_MESSAGES } from '@panel/shared/portal/portal-messages';
import type { LinePortal as LinePortalView } from '@panel/shared/portal/portal-api';
import { mockApi } from '@test/mock-api';
import { buildModalLine, cleanNotifications } from '@test/line-action-kit';
import { renderWithProviders } from '@test/render';
import { LineInfoModal } from './actions/line-info-modal';

afterEach(cleanNotifications);

const LOCKED: LinePortalView = {
  url: 'https://tv.revenda.com/c/',
  mac: '00:1a:79:12:34:56',
  device: { model: 'MAG250', sn: 'SN1' },
  refused: { at: 1_790_000_000, reason: PORTAL_MESSAGES.deviceMismatch },
};

function renderModal(system: 1 | 3) {
  renderWithProviders(
    <MemoryRouter>
      <Notifications />
      <LineInfoModal line={buildModalLine({ system, macaddr: LOCKED.mac })} opened onClose={vi.fn()} />
    </MemoryRouter>,
  );
}

const BACKGROUND = {
  'GET /users/31/links': {
    body: { links: { playerApiBase: 'x', m3u: 'x', m3uPlus: 'x', hls: 'x', epg: 'x' } },
  },
  'GET /users/31/setup-messages': { body: { data: [] } },
};

describe('the portal in the line information modal (docs/product/portal.md)', () => {
  it('gives a hybrid line’s portal URL and MAC, shows a refused box, and Liberar aparelho frees the lock', async () => {
    const calls = mockApi({
      ...BACKGROUND,
      'GET /users/31/portal': { body: LOCKED },
      'POST /users/31/portal/release-device': { body: { ...LOCKED, device: null, refused: null } },
    });
    renderModal(3);
    expect((await screen.findByTestId('line-portal-url')).textContent).toBe('https://tv.revenda.com/c/');
    expect(screen.getByTestId('line-portal-mac').textContent).toBe(LOCKED.mac);
    expect(screen.getByTestId('line-portal-device').textContent).toContain('MAG250');
    expect(screen.getByTestId('line-portal-refused').textContent).toContain(
      'Aparelho diferente do registrado',
    );
    fireEvent.click(screen.getByTestId('line-portal-release'));
    expect(await screen.findByText(PORTAL_LABELS.released)).toBeInTheDocument();
    expect(
      calls.some((call) => call.method === 'POST' && call.path === '/users/31/portal/release-device'),
    ).toBe(true);
    expect(screen.queryByTestId('line-portal-refused')).toBeNull();
    expect(screen.getByTestId('line-portal-device').textContent).toContain(PORTAL_LABELS.deviceFree);
  });

  it('sends a message to the box', async () => {
    const calls = mockApi({
      ...BACKGROUND,
      'GET /users/31/portal': { body: { ...LOCKED, refused: null } },
      'POST /users/31/portal/message': { status: 204 },
    });
    renderModal(3);
    fireEvent.change(await screen.findByTestId('line-portal-message'), { target: { value: ' Olá ' } });
    fireEvent.click(screen.getByTestId('line-portal-send'));
    expect(await screen.findByText(PORTAL_LABELS.messageSent)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/users/31/portal/message')?.body).toEqual({ message: 'Olá' });
  });

  it('shows no portal for an IPTV line', async () => {
    const calls = mockApi(BACKGROUND);
    renderModal(1);
    expect(await screen.findByTestId('line-info-username')).toBeInTheDocument();
    expect(screen.queryByTestId('line-portal')).toBeNull();
    expect(calls.some((call) => call.path.endsWith('/portal'))).toBe(false);
  });
});
