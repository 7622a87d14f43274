import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { API_TOKEN_MESSAGES, type ApiToken } from '@panel/shared/api-tokens/api-tokens-api';
import { cleanNotifications } from '@test/line-action-kit';
import { mockApi, type MockAnswer } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { ApiTokensSection } from './api-tokens-section';

afterEach(cleanNotifications);

function buildToken(overrides: Partial<ApiToken> = {}): ApiToken {
  return {
    id: 5,
    name: 'Cobrança',
    token_hint: 'k9Zq',
    scopes: ['read', 'lines'],
    allowed_addresses: [],
    status: 'active',
    owner_id: 7,
    owner: 'revenda7',
    created_at: '2026-11-20T12:30:00.000Z',
    expires_at: null,
    last_used_at: null,
    last_used_ip: null,
    revoked_at: null,
    ...overrides,
  };
}

const list = (...tokens: ApiToken[]): MockAnswer => ({ body: { data: tokens } });
const text = (testId: string) => screen.getByTestId(testId).textContent;
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

function renderSection(isAdmin = false) {
  return renderWithProviders(
    <>
      <Notifications />
      <ApiTokensSection isAdmin={isAdmin} />
    </>,
  );
}

describe("the profile's API section (decision 0137)", () => {
  it('creates a token with the shared rules and shows it once', async () => {
    const secret = `pnl_${'A1b2C3d4'.repeat(5)}xYz`;
    let tokens: ApiToken[] = [];
    const calls = mockApi({
      'GET /api-tokens': () => list(...tokens),
      'POST /api-tokens': () => {
        tokens = [buildToken({ id: 9, name: 'Bot', scopes: ['read', 'lines'], token_hint: 'xYz' })];
        return { status: 201, body: { api_token: tokens[0], token: secret } };
      },
    });
    renderSection();
    await screen.findByTestId('api-tokens-empty');
    fireEvent.click(screen.getByTestId('api-token-new'));
    const form = await screen.findByTestId('api-token-form');
    type('api-token-addresses', '10.0.0.0/33');
    fireEvent.click(within(form).getByTestId('api-token-submit'));
    expect(await within(form).findAllByText(API_TOKEN_MESSAGES.required)).toHaveLength(1);
    expect(within(form).getAllByText(API_TOKEN_MESSAGES.addressInvalid)).toHaveLength(1);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    type('api-token-name', 'Bot');
    fireEvent.click(screen.getByTestId('api-token-scope-lines'));
    type('api-token-addresses', '203.0.113.7\n10.0.0.0/8');
    fireEvent.click(within(form).getByTestId('api-token-submit'));
    expect((await screen.findByTestId('api-token-value')).textContent).toBe(secret);
    expect(text('api-token-created')).toContain(API_TOKEN_MESSAGES.created);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Bot',
      scopes: ['read', 'lines'],
      expires_in_days: null,
      allowed_addresses: ['203.0.113.7', '10.0.0.0/8'],
    });
    fireEvent.click(screen.getByTestId('api-token-done'));
    await waitFor(() => expect(screen.queryAllByTestId('api-token-form')).toHaveLength(0));
    // Once closed, the token is gone for good: the list shows its name and last characters only.
    expect(await screen.findAllByTestId('api-token')).toHaveLength(1);
    expect(text('api-token-9-name')).toContain('…xYz');
    expect(screen.queryAllByText(secret)).toHaveLength(0);
  });

  it('revokes a token after a confirmation', async () => {
    let tokens = [buildToken()];
    const calls = mockApi({
      'GET /api-tokens': () => list(...tokens),
      'POST /api-tokens/5/revoke': () => {
        tokens = [buildToken({ status: 'revoked', revoked_at: '2026-11-24T07:00:00.000Z' })];
        return { body: tokens[0] };
      },
    });
    renderSection();
    fireEvent.click(await screen.findByTestId('api-token-5-revoke'));
    const dialog = await screen.findByTestId('api-token-revoke');
    expect(dialog.textContent).toContain('Cobrança');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('api-token-revoke-confirm'));
    expect(await screen.findAllByText(API_TOKEN_MESSAGES.revoked)).toHaveLength(1);
    await waitFor(() => expect(text('api-token-5-status')).toBe('Revogado'));
    expect(screen.queryAllByTestId('api-token-5-revoke')).toHaveLength(0);
  });

  it("an admin switches to every account's tokens, with their owners", async () => {
    mockApi({
      'GET /api-tokens': list(),
      'GET /admin/api-tokens': list(buildToken({ id: 11, owner: 'revenda42' })),
    });
    renderSection(true);
    await screen.findByTestId('api-tokens-empty');
    fireEvent.click(screen.getByText('Todos os tokens'));
    expect((await screen.findByTestId('api-token-11-owner')).textContent).toBe('revenda42');
    expect(text('api-token-11-scopes')).toBe('LeituraLinhas');
  });
});
