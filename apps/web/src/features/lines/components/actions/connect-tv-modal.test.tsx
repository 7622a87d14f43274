import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TV_APPS_MESSAGES } from '@panel/shared/tv-apps/tv-apps-messages';
import { mockApi } from '@test/mock-api';
import { buildModalLine, cleanNotifications, renderActionModal } from '@test/line-action-kit';
import { ConnectTvModal } from './connect-tv-modal';

afterEach(cleanNotifications);

const CONFIGURED = { 'GET /tv-apps/status': { body: { dreamtv: true, connectTv: true } } };
const macInput = () => screen.findByTestId('connect-tv-mac') as Promise<HTMLInputElement>;

describe('ConnectTvModal (docs/product/rules.md#dreamtv-mac)', () => {
  it('sends the playlist to the TV with the MAC typed, uppercased', async () => {
    const calls = mockApi({
      ...CONFIGURED,
      'POST /users/31/connect-tv': { body: { mac: 'A1:B2:C3:D4:E5:F6' } },
    });
    renderActionModal(ConnectTvModal, buildModalLine());
    fireEvent.change(await macInput(), { target: { value: 'a1:b2:c3:d4:e5:f6' } });
    fireEvent.click(screen.getByTestId('connect-tv-submit'));
    expect((await screen.findByTestId('connect-tv-sent')).textContent).toContain('A1:B2:C3:D4:E5:F6');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ mac: 'A1:B2:C3:D4:E5:F6' });
    expect(await screen.findAllByText(TV_APPS_MESSAGES.connectTvSent)).toHaveLength(1);
  });

  it('refuses a missing or short MAC with the spec’s messages', async () => {
    const calls = mockApi(CONFIGURED);
    renderActionModal(ConnectTvModal, buildModalLine());
    fireEvent.click(await screen.findByTestId('connect-tv-submit'));
    expect(await screen.findByText(TV_APPS_MESSAGES.connectTvMacRequired)).toBeInTheDocument();
    fireEvent.change(await macInput(), { target: { value: 'A1:B2:C3' } });
    fireEvent.click(screen.getByTestId('connect-tv-submit'));
    expect(await screen.findByText(TV_APPS_MESSAGES.connectTvMacFormat)).toBeInTheDocument();
    expect(calls.filter((call) => call.path.includes('/connect-tv'))).toHaveLength(0);
  });

  it('says plainly when connect TV is not configured', async () => {
    mockApi({ 'GET /tv-apps/status': { body: { dreamtv: true, connectTv: false } } });
    renderActionModal(ConnectTvModal, buildModalLine());
    expect((await screen.findByTestId('connect-tv-not-configured')).textContent).toBe(
      TV_APPS_MESSAGES.connectTvNotConfigured,
    );
  });
});
