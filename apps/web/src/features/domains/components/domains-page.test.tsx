import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DOMAIN_CHECK_ERRORS, DOMAIN_MESSAGES, type Domain } from '@panel/shared/domains/domains-api';
import type { Profile } from '@panel/shared/profile/profile-schema';
import { buildProfile } from '@test/fixtures/profile';
import { cleanNotifications } from '@test/line-action-kit';
import { mockApi, type MockAnswer } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { DomainsPage } from './domains-page';

afterEach(cleanNotifications);

function buildDomain(overrides: Partial<Domain> = {}): Domain {
  return {
    id: 7,
    domain: 'meusite.com.br',
    is_default: false,
    nameserver_1: 'ns1.painel.net',
    nameserver_2: 'ns2.painel.net',
    reseller_name: 'revenda01',
    verification_token: 'tok_abc123',
    verified_at: '2026-11-24T10:00:00.000Z',
    checked_at: '2026-11-24T10:00:00.000Z',
    check_error: null,
    created_at: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}

const PENDING = buildDomain({
  id: 8,
  domain: 'pendente.com',
  verified_at: null,
  check_error: DOMAIN_CHECK_ERRORS.notPointed,
});
const DEFAULT = buildDomain({ id: 9, domain: 'padrao.com', is_default: true });

const list = (...domains: Domain[]): MockAnswer => ({ body: { data: domains } });
const RESELLER = buildProfile({ type: 'reseller' });
const ADMIN = buildProfile({ type: 'admin' });

function Location() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

function renderPage(profile: Profile = RESELLER, createOnOpen = false) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[createOnOpen ? '/domains/create' : '/domains']}>
      <Notifications />
      <DomainsPage profile={profile} createOnOpen={createOnOpen} />
      <Location />
    </MemoryRouter>,
  );
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('domains list (docs/product/screens.md#domains)', () => {
  it("loads, then an empty list says 'Nenhum domínio cadastrado'", async () => {
    mockApi({ 'GET /domains': list() });
    renderPage();
    expect(screen.getByTestId('domains-loading')).toBeInTheDocument();
    expect((await screen.findByTestId('domains-empty')).textContent).toContain('Nenhum domínio cadastrado');
  });

  it("a failed list says why and 'Tentar novamente' asks again", async () => {
    let answer: MockAnswer = {
      status: 503,
      body: { status: 503, code: 'service_unavailable', message: 'Serviço indisponível.' },
    };
    const calls = mockApi({ 'GET /domains': () => answer });
    renderPage();
    expect((await screen.findByTestId('domains-error-message')).textContent).toBe('Serviço indisponível.');
    answer = list(buildDomain());
    fireEvent.click(screen.getByTestId('domains-error-retry'));
    expect(await screen.findAllByTestId('domain-row')).toHaveLength(1);
    expect(calls).toHaveLength(2);
  });

  it('a reseller sees the columns without Revenda, each state, and set-default only on non-default rows', async () => {
    mockApi({
      'GET /domains': list(PENDING, DEFAULT, buildDomain({ nameserver_1: null, nameserver_2: null })),
    });
    renderPage();
    await screen.findAllByTestId('domain-row');
    const headers = within(screen.getByTestId('domains-list'))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Domínio', 'Nameserver 1', 'Nameserver 2', 'Ações']);
    expect(screen.getByTestId('domain-8-state').textContent).toBe('Pendente');
    expect(screen.getByTestId('domain-8-check-error').textContent).toBe(DOMAIN_CHECK_ERRORS.notPointed);
    expect(screen.getByTestId('domain-9-state').textContent).toBe('Verificado');
    expect(screen.getByTestId('domain-9-default').textContent).toBe('Padrão');
    expect(screen.getByTestId('domain-8-ns1').textContent).toBe('ns1.painel.net');
    expect(screen.getByTestId('domain-7-ns1').textContent).toBe('Não configurado');
    expect(screen.queryByTestId('domain-9-set-default')).toBeNull();
    expect(screen.getByTestId('domain-8-set-default').textContent).toBe('Definir como padrão');
    // 'Verificar' only on a pending domain.
    expect(screen.getByTestId('domain-8-verify')).toBeInTheDocument();
    expect(screen.queryByTestId('domain-9-verify')).toBeNull();
  });

  it("the admin sees 'Revenda' and cannot set a default", async () => {
    mockApi({ 'GET /domains': list(PENDING, DEFAULT) });
    renderPage(ADMIN);
    await screen.findAllByTestId('domain-row');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toContain('Revenda');
    expect(screen.getByTestId('domain-8-reseller').textContent).toBe('revenda01');
    expect(screen.queryByTestId('domain-8-set-default')).toBeNull();
  });

  it('verifies: a pending answer warns with the reason, a verified one says so', async () => {
    let answer: Domain = PENDING;
    const calls = mockApi({
      'GET /domains': list(PENDING),
      'POST /domains/8/verify': () => ({ body: answer }),
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('domain-8-verify'));
    expect(
      await screen.findByText(DOMAIN_CHECK_ERRORS.notPointed, {
        selector: '.mantine-Notification-description',
      }),
    ).toBeInTheDocument();
    answer = buildDomain({ id: 8, domain: 'pendente.com' });
    fireEvent.click(screen.getByTestId('domain-8-verify'));
    expect(await screen.findByText(DOMAIN_MESSAGES.verified)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/domains/8/verify')).toHaveLength(2);
  });

  it('sets a default and removes after a confirmation', async () => {
    const calls = mockApi({
      'GET /domains': list(PENDING, DEFAULT),
      'PUT /domains/8/default': { body: { ...PENDING, is_default: true } },
      'DELETE /domains/9': { status: 204 },
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('domain-8-set-default'));
    expect(await screen.findByText(DOMAIN_MESSAGES.defaultSet)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('domain-9-remove'));
    expect((await screen.findByTestId('domain-remove')).textContent).toContain(
      'Deseja realmente excluir o domínio "padrao.com"?',
    );
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByTestId('domain-remove-confirm'));
    expect(await screen.findByText(DOMAIN_MESSAGES.removed)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/domains/9']);
  });
});

describe("'Novo domínio' modal", () => {
  it('checks the field with the shared rule, shows a refusal under it, then the setup of the new domain', async () => {
    const created = buildDomain({
      id: 11,
      domain: 'novo.com.br',
      verified_at: null,
      verification_token: 'tok_novo',
    });
    let answer: MockAnswer = {
      status: 422,
      body: { status: 422, code: 'validation_failed', message: DOMAIN_MESSAGES.taken, field: 'domain' },
    };
    const calls = mockApi({ 'GET /domains': list(), 'POST /domains': () => answer });
    renderPage(RESELLER, true);
    await screen.findByTestId('domain-new-input');
    fireEvent.click(screen.getByTestId('domain-new-submit'));
    expect(await screen.findByText('O domínio é obrigatório')).toBeInTheDocument();
    type('domain-new-input', 'site.c0m');
    fireEvent.click(screen.getByTestId('domain-new-submit'));
    expect(
      await screen.findByText('Formato de domínio inválido (ex: meudominio.com.br)'),
    ).toBeInTheDocument();
    // Bare IPs and internal names (decision 0048): the shared message, before any request.
    for (const internal of ['semponto', 'metadata.google.internal', '169.254.169.254', '::1']) {
      type('domain-new-input', internal);
      fireEvent.click(screen.getByTestId('domain-new-submit'));
      expect(await screen.findByText(DOMAIN_MESSAGES.internal)).toBeInTheDocument();
    }
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    type('domain-new-input', ' Novo.COM.br ');
    fireEvent.click(screen.getByTestId('domain-new-submit'));
    expect(await screen.findByText(DOMAIN_MESSAGES.taken)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ domain: 'novo.com.br' });

    answer = { status: 201, body: created };
    fireEvent.click(screen.getByTestId('domain-new-submit'));
    const setup = await screen.findByTestId('domain-setup');
    expect(within(setup).getByTestId('domain-setup-nameservers').textContent).toContain('ns1.painel.net');
    expect(within(setup).getByTestId('domain-setup-token').textContent).toBe('tok_novo');
    expect(setup.textContent).toContain('http://novo.com.br/.well-known/painel-dominio.txt');
    expect(await screen.findByText(DOMAIN_MESSAGES.added)).toBeInTheDocument();
    // /domains/create becomes /domains once the modal is closed.
    expect(screen.getByTestId('location').textContent).toBe('/domains/create');
    fireEvent.click(screen.getByTestId('domain-new-done'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/domains'));
  });

  it('says when the panel has no nameservers configured', async () => {
    mockApi({ 'GET /domains': list(buildDomain({ nameserver_1: null, nameserver_2: null })) });
    renderPage();
    fireEvent.click(await screen.findByTestId('domain-7-manage'));
    expect((await screen.findByTestId('domain-setup-no-nameservers')).textContent).toContain(
      'Os nameservers do painel não estão configurados.',
    );
    await waitFor(() => expect(screen.getByTestId('domain-setup-name').textContent).toBe('meusite.com.br'));
  });
});
