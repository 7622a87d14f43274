import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { closeCreatedModal, createLine, lineAction, lineRow } from '../fixtures/lines';
import { uniqueUsername } from '../fixtures/resellers';
import { loginAs } from '../fixtures/session';
import { openPhone } from '../fixtures/devices';
import { shot } from '../fixtures/shot';

/** "1.234,50" → 123450: balances are compared in cents, never floats. */
function cents(text: string): number {
  const match = /(-?[\d.]+),(\d{2})/.exec(text);
  if (!match) throw new Error(`Not a credit amount: ${text}`);
  return Number(`${match[1]?.replace(/\./g, '')}${match[2]}`);
}

function formatCents(value: number): string {
  const whole = String(Math.floor(value / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${whole},${String(value % 100).padStart(2, '0')}`;
}

async function expectBalance(page: Page, value: number): Promise<void> {
  await expect(page.getByTestId('credit-balance')).toHaveText(formatCents(value));
}

async function chooseFilter(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function randomMacWithDashes(): string {
  const pair = () =>
    Math.floor(Math.random() * 256)
      .toString(16)
      .padStart(2, '0')
      .toUpperCase();
  return ['AC', 'DE', pair(), pair(), pair(), pair()].join('-');
}

test('a reseller creates IPTV, P2P, hybrid and trial lines, renews two, filters and cleans up', async ({
  page,
  signIn,
  newReseller,
}) => {
  test.setTimeout(180_000);
  const seeded = await newReseller(50, 'linhas');
  const reseller = seeded.username;
  await signIn(seeded);
  await expect(page.getByTestId('credit-balance')).toHaveText('50,00');
  let balance = 5000;

  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();
  // docs/product/screens.md#users-filters: a reseller's filter starts on its own account.
  await expect(page.getByTestId('filter-reseller')).toHaveValue(reseller);
  await expect(page.getByTestId('users-table-empty')).toHaveText('Nenhum Resultado');

  // IPTV, typed credentials, package 17 (1,00): the price shows before confirming.
  const iptvName = uniqueUsername('iptv');
  const iptv = await createLine(page, {
    username: iptvName,
    password: 'senha9x',
    packageId: 17,
    notes: 'cliente do bairro novo',
  });
  expect(iptv.price).toBe('Custo: 1,00 créditos');
  expect(iptv).toMatchObject({ username: iptvName, password: 'senha9x' });
  await expect(iptv.modal.getByTestId('line-created-system')).toHaveText('IPTV');
  await expect(page.locator('[data-small-toast]').getByText('Novo usuário criado')).toBeVisible();
  await shot(page, '20-users-created-credentials', { fullPage: true });
  await closeCreatedModal(page);
  balance -= 100;
  await expectBalance(page, balance);
  const iptvRow = lineRow(page, iptvName);
  await expect(iptvRow.getByTestId('line-status')).toHaveText('ATIVO');
  await expect(iptvRow.getByTestId('line-notes')).toHaveText('cliente do ...');
  await expect(iptvRow.getByTestId('line-package')).toHaveText('Completo 1 mês');

  // P2P with random credentials and package 42 (2,00); no P2P service here: the modal says so.
  const p2p = await createLine(page, { service: 'P2P', random: true, packageId: 42 });
  expect(p2p.price).toBe('Custo: 2,00 créditos');
  expect(p2p.username).toMatch(/^[a-z][a-z0-9]{7,9}$/);
  await expect(p2p.modal.getByTestId('line-created-system')).toHaveText('P2P');
  await expect(p2p.modal.getByTestId('line-created-provisioning-warning')).toHaveText(
    'Serviço P2P não configurado neste servidor: nenhuma alteração foi enviada.',
  );
  await closeCreatedModal(page);
  balance -= 200;
  await expectBalance(page, balance);

  // Hybrid: the MAC typed with dashes and capitals shows as aa:bb:… while typing.
  const typedMac = randomMacWithDashes();
  const mac = typedMac.toLowerCase().replace(/-/g, ':');
  const hybrid = await createLine(page, {
    service: 'Híbrido',
    random: true,
    packageId: 17,
    fullName: 'Cliente Híbrido',
    mac: typedMac,
    beforeSubmit: async (form) => {
      await expect(form.getByTestId('create-line-mac')).toHaveValue(mac);
      await shot(page, '21-users-create-hybrid', { fullPage: true });
    },
  });
  await expect(hybrid.modal.getByTestId('line-created-system')).toHaveText('Híbrido');
  await expect(hybrid.modal.getByTestId('line-created-provisioning-warning')).toContainText(
    'Serviço Híbrido não configurado',
  );
  await closeCreatedModal(page);
  balance -= 100;
  await expectBalance(page, balance);
  await expect(lineRow(page, hybrid.username).getByTestId('line-mac')).toHaveText(mac);
  await expect(lineRow(page, hybrid.username).getByTestId('line-full-name')).toHaveText('Cliente Híbrido');

  // The same MAC again is refused while typing: the confirm stays disabled.
  await page.getByTestId('new-user-button').click();
  const again = page.getByTestId('create-line-modal');
  await again.getByTestId('create-line-system').getByText('Híbrido', { exact: true }).click();
  await again.getByTestId('create-line-mac').pressSequentially(typedMac);
  await expect(again.getByText('Este MAC address já está em uso.')).toBeVisible();
  await expect(again.getByTestId('create-line-submit')).toBeDisabled();
  await again.getByRole('button', { name: 'Cancelar' }).click();
  await expect(again).toBeHidden();

  // A trial: free, no package, 23:59 off and disabled.
  const trial = await createLine(page, {
    trial: true,
    random: true,
    beforeSubmit: async (form) => {
      await expect(form.getByTestId('create-line-package')).toHaveCount(0);
      await expect(form.getByRole('switch', { name: 'Expira às 23:59' })).toBeDisabled();
      await expect(form.getByRole('switch', { name: 'Expira às 23:59' })).not.toBeChecked();
    },
  });
  expect(trial.price).toBe('Grátis (teste)');
  await expect(page.locator('[data-small-toast]').getByText('Teste criado')).toBeVisible();
  await closeCreatedModal(page);
  await expectBalance(page, balance);
  await expect(lineRow(page, trial.username).getByTestId('line-trial')).toHaveText('Teste');

  await expect(page.getByTestId('users-table-row')).toHaveCount(4);
  await expect(page.getByTestId('users-table-footer')).toHaveText('Página 1 a 1 - Quantidade 4');
  await shot(page, '22-users-list', { fullPage: true });

  // Renew the IPTV line by package 53 (3,00 × 1 screen): the price, then the balance drops by it.
  await lineAction(page, iptvName, 'renew-package');
  const renewPackage = page.getByTestId('renew-package-modal');
  await renewPackage.getByTestId('renew-package-select').selectOption('53');
  await expect(renewPackage.getByTestId('renew-package-price')).toHaveText('Custo: 3,00 créditos');
  await shot(page, '23-users-renew-package', { fullPage: true });
  await renewPackage.getByTestId('renew-package-submit').click();
  await expect(renewPackage).toBeHidden();
  await expect(page.getByText('Usuário renovado com sucesso').first()).toBeVisible();
  balance -= 300;
  await expectBalance(page, balance);

  // 'Gerenciar telas' says how screens are counted and freed, with the server's own numbers (decision 0062).
  await lineAction(page, iptvName, 'manage-screens');
  const screensModal = page.getByTestId('screens-modal');
  const policy = screensModal.getByTestId('screens-policy');
  await expect(policy).toContainText('Como as telas são contadas');
  await expect(policy).toContainText(
    'Quando o aparelho para de assistir, a tela fica livre em até 30 segundos (em até 90 segundos quando o conteúdo vem direto do servidor de streaming).',
  );
  await expect(policy).toContainText('Com todas as telas em uso, um novo aparelho é recusado');
  await shot(page, '23b-users-screens-policy', { fullPage: true });
  await screensModal.getByRole('button', { name: 'Cancelar' }).click();
  await expect(screensModal).toBeHidden();

  // Renew the P2P line by calendar, 15 days past the window's first day; the shown price is charged.
  await lineAction(page, p2p.username, 'renew-calendar');
  const renewCalendar = page.getByTestId('renew-calendar-modal');
  const dateInput = renewCalendar.getByTestId('renew-calendar-date');
  const min = (await dateInput.getAttribute('min')) ?? '';
  const chosen = new Date(Date.parse(`${min}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10);
  await dateInput.fill(chosen);
  await expect(renewCalendar.getByTestId('renew-calendar-days')).toContainText('15 dias');
  const calendarPrice = (await renewCalendar.getByTestId('renew-calendar-price').textContent()) ?? '';
  expect(calendarPrice).toBe('Custo: 0,50 créditos');
  await shot(page, '24-users-renew-calendar', { fullPage: true });
  await renewCalendar.getByTestId('renew-calendar-submit').click();
  await expect(renewCalendar).toBeHidden();
  balance -= cents(calendarPrice);
  await expectBalance(page, balance);

  // Filters: status and expiry apply at once.
  await chooseFilter(page, 'filter-status', 'Expirado');
  await expect(page.getByTestId('users-table-empty')).toHaveText('Nenhum Resultado');
  await chooseFilter(page, 'filter-status', 'Ativo');
  await expect(page.getByTestId('users-table-row')).toHaveCount(4);
  await chooseFilter(page, 'filter-status', 'Todos');
  await chooseFilter(page, 'filter-expiry', '3 dias');
  await expect(page.getByTestId('users-table-row')).toHaveCount(1);
  await expect(lineRow(page, trial.username)).toBeVisible();
  await shot(page, '25-users-filter-expiry', { fullPage: true });
  // Remembered per list: a reload keeps the filter.
  await page.reload();
  await expect(page.getByTestId('filter-expiry')).toHaveValue('3 dias');
  await expect(page.getByTestId('users-table-row')).toHaveCount(1);
  await chooseFilter(page, 'filter-expiry', 'Todos');
  await expect(page.getByTestId('users-table-row')).toHaveCount(4);

  // Cleanup of expired trials: the fresh trial is not expired, so nothing goes (real removal is
  // covered by the server tests: the e2e cannot backdate a line).
  await page.getByTestId('cleanup-button').click();
  const cleanup = page.getByTestId('cleanup-dialog');
  await cleanup.getByTestId('cleanup-expired-trials').click();
  await expect(cleanup.getByTestId('cleanup-confirm')).toContainText(
    'Deseja realmente remover todos os testes expirados?',
  );
  await cleanup.getByTestId('cleanup-confirm-confirm').click();
  await expect(cleanup.getByTestId('cleanup-result')).toHaveText('Nenhum usuário para remover.');
  await shot(page, '26-users-cleanup', { fullPage: true });
  await cleanup.getByTestId('cleanup-close').click();
  await expect(page.getByTestId('users-table-row')).toHaveCount(4);

  // /users/create opens the dialog; closing it goes back to /users.
  await page.goto('/users/create');
  await expect(page.getByTestId('create-line-modal')).toBeVisible();
  await page.getByTestId('create-line-modal').getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/users$/);
});

test('on a phone with vertical tables, /users is one column of cards grouped by expiry date', async ({
  browser,
  baseURL,
  csp,
  newReseller,
}) => {
  const reseller = await newReseller(20, 'celular');
  const { phone, mobile } = await openPhone(browser, baseURL, csp);
  try {
    await loginAs(mobile, reseller);
    await expect(mobile).toHaveURL(/\/dashboard$/);
    await mobile.goto('/profile');
    // The switch shows the profile: it turns on when the (optimistic) profile update lands, a moment
    // after the click, so the click is followed by an assertion that waits rather than by check().
    const verticalTables = mobile.getByRole('switch', { name: 'Exibir tabelas em modo vertical (Mobile)' });
    await verticalTables.click({ force: true });
    await expect(verticalTables).toBeChecked();
    await expect(mobile.getByText('Configuração alterada com sucesso!').first()).toBeVisible();

    await mobile.goto('/users');
    await expect(mobile.getByTestId('new-user-button-mobile')).toHaveText('Novo');
    for (const line of [
      { username: uniqueUsername('fone'), password: 'senha9x', packageId: 17, notes: 'sala de estar' },
      { trial: true, random: true },
    ]) {
      await createLine(mobile, line);
      await closeCreatedModal(mobile);
    }
    await expect(mobile.getByTestId('users-table')).toHaveCount(0);
    await expect(mobile.getByTestId('users-table-card')).toHaveCount(2);
    // The month's line and today's trial: two dates, DD/MM/YYYY.
    const headings = mobile.getByTestId('users-table-group-heading');
    await expect(headings).toHaveCount(2);
    await expect(headings.first()).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
    await shot(mobile, '27-users-phone-cards', { fullPage: true });
  } finally {
    await phone.close();
  }
});
