import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TV_APPS_MESSAGES } from '@panel/shared/tv-apps/tv-apps-messages';
import { mockApi } from '@test/mock-api';
import { buildModalLine, cleanNotifications, renderActionModal } from '@test/line-action-kit';
import { DreamTvModal } from './dreamtv-modal';

afterEach(cleanNotifications);

const CONFIGURED = { 'GET /tv-apps/status': { body: { dreamtv: true, connectTv: true } } };
const connectedLine = buildModalLine({ dreamtv_device_id: 'dev-9', dreamtv_playlist_id: 'pl-9' });
const macInput = () => screen.findByTestId('dreamtv-mac') as Promise<HTMLInputElement>;

describe('DreamTvModal (docs/product/rules.md#dreamtv-mac)', () => {
  it('connects an IPTV line: the MAC typed uppercased, the success state and toast', async () => {
    const line = buildModalLine();
    const calls = mockApi({
      ...CONFIGURED,
      'POST /users/31/dreamtv': {
        body: { line: { ...line, dreamtv_device_id: 'dev-1', dreamtv_playlist_id: 'pl-1' } },
      },
    });
    const { listInvalidated } = renderActionModal(DreamTvModal, line);
    expect(await screen.findByTestId('dreamtv-not-connected')).toBeInTheDocument();
    fireEvent.change(await macInput(), { target: { value: 'aa:bb:cc:dd:ee:ff-x' } });
    expect((await macInput()).value).toBe('AA:BB:CC:DD:EE:FF');
    fireEvent.click(screen.getByTestId('dreamtv-submit'));
    expect((await screen.findByTestId('dreamtv-device')).textContent).toBe('dev-1');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ mac: 'AA:BB:CC:DD:EE:FF' });
    expect(await screen.findAllByText(TV_APPS_MESSAGES.dreamTvConnected)).toHaveLength(1);
    expect(listInvalidated()).toBe(true);
  });

  it('refuses a malformed or missing MAC with the spec’s messages, without a request', async () => {
    const calls = mockApi(CONFIGURED);
    renderActionModal(DreamTvModal, buildModalLine());
    fireEvent.click(await screen.findByTestId('dreamtv-submit'));
    expect(await screen.findByText(TV_APPS_MESSAGES.dreamTvMacRequired)).toBeInTheDocument();
    fireEvent.change(await macInput(), { target: { value: 'AA:BB:CC' } });
    fireEvent.click(screen.getByTestId('dreamtv-submit'));
    expect(await screen.findByText(TV_APPS_MESSAGES.dreamTvMacFormat)).toBeInTheDocument();
    expect(screen.getByTestId('dreamtv-error').textContent).toBe(TV_APPS_MESSAGES.dreamTvMacAlert);
    expect(calls.filter((call) => call.path.includes('/dreamtv'))).toHaveLength(0);
  });

  it('moves a connected line to another MAC (PUT) and disconnects it (DELETE)', async () => {
    const calls = mockApi({
      ...CONFIGURED,
      'PUT /users/31/dreamtv': { body: { line: { ...connectedLine, dreamtv_device_id: 'dev-10' } } },
      'DELETE /users/31/dreamtv': {
        body: { line: { ...connectedLine, dreamtv_device_id: null, dreamtv_playlist_id: null } },
      },
    });
    renderActionModal(DreamTvModal, connectedLine);
    expect((await screen.findByTestId('dreamtv-playlist')).textContent).toBe('pl-9');
    expect(screen.getByTestId('dreamtv-submit').textContent).toBe('Alterar MAC');
    fireEvent.change(await macInput(), { target: { value: '11:22:33:44:55:66' } });
    fireEvent.click(screen.getByTestId('dreamtv-submit'));
    await waitFor(() => expect(screen.getByTestId('dreamtv-device').textContent).toBe('dev-10'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ mac: '11:22:33:44:55:66' });
    fireEvent.click(screen.getByTestId('dreamtv-disconnect'));
    expect(await screen.findByTestId('dreamtv-not-connected')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    expect(await screen.findAllByText(TV_APPS_MESSAGES.dreamTvRemoved)).toHaveLength(1);
  });

  it('says plainly when DreamTV is not configured', async () => {
    mockApi({ 'GET /tv-apps/status': { body: { dreamtv: false, connectTv: true } } });
    renderActionModal(DreamTvModal, buildModalLine());
    expect((await screen.findByTestId('dreamtv-not-configured')).textContent).toBe(
      TV_APPS_MESSAGES.dreamTvNotConfigured,
    );
    expect(screen.queryByTestId('dreamtv-submit')).toBeNull();
  });

  it('shows the server’s message when DreamTV fails (502)', async () => {
    mockApi({
      ...CONFIGURED,
      'POST /users/31/dreamtv': {
        status: 502,
        body: { status: 502, code: 'service_unavailable', message: TV_APPS_MESSAGES.dreamTvFailed },
      },
    });
    const { onClose } = renderActionModal(DreamTvModal, buildModalLine());
    fireEvent.change(await macInput(), { target: { value: 'AA:BB:CC:DD:EE:FF' } });
    fireEvent.click(screen.getByTestId('dreamtv-submit'));
    expect((await screen.findByTestId('dreamtv-error')).textContent).toBe(TV_APPS_MESSAGES.dreamTvFailed);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('is refused for P2P lines', () => {
    mockApi(CONFIGURED);
    renderActionModal(DreamTvModal, buildModalLine({ system: 2 }));
    expect(screen.getByTestId('dreamtv-refused').textContent).toBe(TV_APPS_MESSAGES.iptvOnly);
  });
});
