import type { Domain } from '@panel/shared/domains/domains-api';
import { startFakeDns, type FakeDns } from '../../apps/server/test/fake-dns/fake-dns-server';
import { startTokenFileServer } from '../../apps/server/test/fake-dns/token-file-server';
import { FAKE_PORTS } from '../fixtures/fake-ports';
import { panelPort } from '../fixtures/panel-port';
import { expect, test } from '../fixtures/test';
import { addAndVerifyDomain, domainRow } from '../steps/domains';
import { LAPTOP, PHONE } from '../fixtures/devices';
import { shot } from '../fixtures/shot';

// docs/product/screens.md#domains (decision 0048): a reseller adds its own domains, which the panel
// verifies through the journeys' DNS (every name → 127.0.0.1, the panel's public address here), sets one
// as the default and removes another. Screenshots of the list at 1366×768 and 390×844.

let dns: FakeDns | undefined;
/** What the journeys' DNS answers; a journey may point one of its names elsewhere. */
const answers: Record<string, string[]> = { '*': ['127.0.0.1'] };
test.beforeAll(async () => {
  dns = await startFakeDns({ port: FAKE_PORTS.dns, answers });
});
test.afterAll(async () => {
  await dns?.close();
});

test.use({ viewport: LAPTOP });

test('a reseller adds two domains, both verified; sets one as default and removes the other', async ({
  page,
  signIn,
  newReseller,
}) => {
  test.setTimeout(120_000);
  const reseller = await newReseller(10, 'dominio');
  const run = Date.now();
  const first = `dom-${run}.painel-e2e.test`;
  const second = `loja-${run}.painel-e2e.test`;
  await signIn(reseller);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The menu leads to the screen; a new reseller has none yet.
  await page.getByText('Domínios', { exact: true }).click();
  await expect(page).toHaveURL(/\/domains$/);
  await expect(page.getByTestId('domains-empty')).toContainText('Nenhum domínio cadastrado');

  // /domains/create opens the modal; the shared rule speaks before anything is sent.
  await page.goto('/domains/create');
  const modal = page.getByTestId('domain-new');
  await modal.getByTestId('domain-new-input').fill('site.c0m');
  await modal.getByTestId('domain-new-submit').click();
  await expect(modal.getByText('Formato de domínio inválido (ex: meudominio.com.br)')).toBeVisible();
  // Bare IPs and internal names are refused too (decision 0048).
  await modal.getByTestId('domain-new-input').fill('metadata.google.internal');
  await modal.getByTestId('domain-new-submit').click();
  await expect(
    modal.getByText(
      'Informe um domínio público: endereços IP e nomes internos (como localhost ou .internal) não são aceitos.',
    ),
  ).toBeVisible();
  await modal.getByTestId('domain-new-input').fill(first.toUpperCase());
  await modal.getByTestId('domain-new-submit').click();
  await expect(modal.getByTestId('domain-setup-name')).toHaveText(first);
  await expect(modal.getByTestId('domain-setup-nameservers')).toContainText('ns1.painel-e2e.test');
  await expect(modal.getByTestId('domain-setup-nameservers')).toContainText('ns2.painel-e2e.test');
  await expect(modal.locator('[data-testid$="-state"]')).toHaveText('Verificado');
  await shot(page, '90-domains-new-1366');
  await modal.getByTestId('domain-new-done').click();
  await expect(page).toHaveURL(/\/domains$/);

  // The journey step the handover journey reuses; the new domain goes to the top.
  await addAndVerifyDomain(page, second);
  await expect(page.getByTestId('domain-row').first()).toContainText(second);
  await expect(domainRow(page, first).locator('[data-testid$="-ns1"]')).toHaveText('ns1.painel-e2e.test');

  // A host already registered is refused under the field.
  await page.getByTestId('domain-new-open').click();
  await modal.getByTestId('domain-new-input').fill(first);
  await modal.getByTestId('domain-new-submit').click();
  await expect(modal.getByText('Este domínio já está cadastrado no painel.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  // Setting a default marks it and hides its own set-default action.
  await domainRow(page, first).getByText('Definir como padrão').click();
  await expect(page.getByText('Domínio definido como padrão')).toBeVisible();
  await expect(domainRow(page, first).getByText('Padrão', { exact: true })).toBeVisible();
  await expect(domainRow(page, first).getByText('Definir como padrão')).toHaveCount(0);
  await expect(domainRow(page, second).getByText('Definir como padrão')).toBeVisible();
  await shot(page, '91-domains-list-1366');

  await page.setViewportSize(PHONE);
  // A fresh load, as a phone would open it (the sidebar starts closed).
  await page.reload();
  await expect(domainRow(page, first)).toBeVisible();
  await shot(page, '92-domains-list-390');
  await page.setViewportSize(LAPTOP);

  // Removing asks first.
  await domainRow(page, second).getByText('Excluir', { exact: true }).click();
  await expect(page.getByTestId('domain-remove')).toContainText(
    `Deseja realmente excluir o domínio "${second}"?`,
  );
  await page.getByTestId('domain-remove-confirm').click();
  await expect(page.getByText('Domínio removido com sucesso')).toBeVisible();
  await expect(domainRow(page, second)).toHaveCount(0);
  await expect(page.getByTestId('domain-row')).toHaveCount(1);
  expect(dns?.queries).toContain(first);
});

// Decision 0070: another account's pending domain (here the admin's, added through the API) does not keep a
// reseller from it; the first account to verify takes it. The reseller's own web server (a token-file server
// on 127.0.0.2, where the fake DNS then points the name) proves the host is its; the other claim is gone.
test('a pending domain blocks nobody: the account that verifies first takes it', async ({
  page,
  signIn,
  newReseller,
  api,
  adminApi,
}) => {
  test.setTimeout(120_000);
  const owner = await newReseller(10, 'dono');
  const host = `disputado-${Date.now()}.painel-e2e.test`;
  // Not pointed anywhere yet: no address.
  answers[host] = [];
  const ownServer = await startTokenFileServer({ host: '127.0.0.2', port: panelPort() });
  const claimsOfHost = async () =>
    (await adminApi.call<{ data: Domain[] }>('GET', '/domains')).data.filter(
      (domain) => domain.domain === host,
    );
  try {
    const squatted = await adminApi.call<Domain>('POST', '/domains', { domain: host });
    expect(squatted.verified_at).toBeNull();

    // The real owner adds the same host: accepted, pending, and told why pointing the DNS is not enough.
    await signIn(owner);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/domains/create');
    const modal = page.getByTestId('domain-new');
    await modal.getByTestId('domain-new-input').fill(host);
    await modal.getByTestId('domain-new-submit').click();
    await expect(modal.getByTestId('domain-setup-name')).toHaveText(host);
    await modal.getByTestId('domain-new-done').click();
    const row = domainRow(page, host);
    const contested =
      'Outra conta também cadastrou este domínio, então apontar o DNS para o painel não basta: publique o arquivo de verificação no servidor do próprio domínio para comprovar que ele é seu.';
    await expect(row.locator('[data-testid$="-check-error"]')).toHaveText(contested);
    // Its own claim only: one row, its own token.
    await expect(page.getByTestId('domain-row')).toHaveCount(1);
    // Pointed at the panel (127.0.0.1, its public address here): still pending while contested.
    answers[host] = ['127.0.0.1'];
    await row.locator('[data-testid$="-verify"]').click();
    // The check warns with its reason (a toast besides the row's).
    await expect(page.getByText(contested)).toHaveCount(2);
    await expect(row.locator('[data-testid$="-state"]')).toHaveText('Pendente');
    await shot(page, '93-domains-contested-1366');

    // Its own web server answers its token: verified, the host is its.
    const [mine] = (await api.call<{ data: Domain[] }>('GET', '/domains')).data;
    expect(mine?.domain).toBe(host);
    expect(mine?.verification_token).not.toBe(squatted.verification_token);
    ownServer.tokens.set(host, mine!.verification_token);
    answers[host] = ['127.0.0.2'];
    await row.locator('[data-testid$="-verify"]').click();
    await expect(row.locator('[data-testid$="-state"]')).toHaveText('Verificado', { timeout: 20_000 });
    expect(ownServer.requests).toContain(host);

    // The other claim went with it.
    expect((await claimsOfHost()).map((domain) => domain.reseller_name)).toEqual([owner.username]);
  } finally {
    delete answers[host];
    await ownServer.close();
  }
});
