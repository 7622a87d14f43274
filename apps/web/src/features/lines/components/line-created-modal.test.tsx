import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TV_APPS_MESSAGES } from '@panel/shared/tv-apps/tv-apps-messages';
import { buildLine } from '@test/fixtures/line';
import { mockApi } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { LineCreatedModal } from './line-created-modal';

const result = { line: buildLine({ username: 'dream_ab3k9x2m' }), charged: '1.00', balance: '9.00' };

describe('LineCreatedModal with a DreamTV MAC (docs/product/rules.md#dreamtv-mac)', () => {
  it('says the playlist was added, with the MAC', () => {
    mockApi({});
    renderWithProviders(
      <LineCreatedModal
        result={{
          ...result,
          dreamtv: { connected: true, mac: 'AA:BB:CC:DD:EE:FF', device_id: 'dev-1', playlist_id: 'pl-1' },
        }}
        onClose={() => {}}
      />,
    );
    expect(screen.getByTestId('line-created-dreamtv').textContent).toBe(
      `${TV_APPS_MESSAGES.dreamTvConnected} MAC: AA:BB:CC:DD:EE:FF`,
    );
  });

  it('says why the playlist was not added; nothing is said without a MAC', () => {
    mockApi({});
    const view = renderWithProviders(
      <LineCreatedModal
        result={{
          ...result,
          dreamtv: {
            connected: false,
            mac: 'AA:BB:CC:DD:EE:FF',
            message: TV_APPS_MESSAGES.dreamTvNotConfigured,
          },
        }}
        onClose={() => {}}
      />,
    );
    expect(screen.getByTestId('line-created-dreamtv').textContent).toContain(
      TV_APPS_MESSAGES.dreamTvNotConfigured,
    );
    view.unmount();
    renderWithProviders(<LineCreatedModal result={result} onClose={() => {}} />);
    expect(screen.queryByTestId('line-created-dreamtv')).toBeNull();
  });
});
