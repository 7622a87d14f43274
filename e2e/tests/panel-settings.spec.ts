import type { PanelSettings } from '@panel/shared/settings/panel-settings-api';
import { startWebhookReceiver, type WebhookReceiver } from '../../apps/server/test/provisioning-receiver';
import { LAPTOP, PHONE } from '../fixtures/devices';
import { FAKE_KEYS, FAKE_PORTS } from '../fixtures/fake-ports';
import { closeCreatedModal, createLine } from '../fixtures/lines';
import { createReseller, uniqueUsername } from '../fixtures/resellers';
import { logout } from '../fixtures/session';
import { expect, RESELLER_PASSWORD, test } from '../fixtures/test';
import { setSetting, settingSwitch } from '../steps/panel-settings';
import { shot } from '../fixtures/shot';

// docs/product/screens.md#panel-settings (decision 0060): the admin's switches, each really wired. The
// external panel is a local receiver on its fixed port that checks every signature.
const TRIAL_MESSAGE = 'Contas testes estão desativadas neste momento.';

interface SyncBody {
  event: string;
  reseller?: { id: number; username: string };
  line?: { id: number; username: string };
}

let receiver: WebhookReceiver<SyncBody>;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver<SyncBody>(FAKE_KEYS.externalPanel, {
    keyOf: (body) => body.reseller?.id ?? body.line?.id,
    port: FAKE_PORTS.externalPanel,
  });
});
test.afterAll(() => receiver.close());

test.use({ viewport: LAPTOP });

test('the admin turns test creation off and the synchronisation on: a reseller’s quick test is refused, its new reseller and line reach the external panel signed', async ({
  page,
  adminApi,
  newReseller,
  signIn,
}) => {
  test.setTimeout(180_000);
  const before = await adminApi.call<PanelSettings>('GET', '/admin/panel');
  try {
    await signIn();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: 'Configurações do painel' })).toBeVisible();

    // The three switches and the other settings, with their current values.
    for (const key of [
      'trial_user_create_enabled',
      'five_admin_resellers_migration',
      'five_admin_users_migration',
      'show_modal_message',
      'user_migration_list',
    ] as const) {
      const input = settingSwitch(page, key);
      if (before[key] === 'true') await expect(input).toBeChecked();
      else await expect(input).not.toBeChecked();
    }
    await expect(page.getByTestId('panel-setting-main_domain')).toHaveValue(before.main_domain);
    await expect(page.getByTestId('external-panel-status')).toContainText(
      `Envia para 127.0.0.1:${FAKE_PORTS.externalPanel}`,
    );

    await setSetting(page, 'trial_user_create_enabled', false);
    await setSetting(page, 'five_admin_resellers_migration', true);
    await setSetting(page, 'five_admin_users_migration', true);
    // Stored: a fresh load shows them as left.
    await page.reload();
    await expect(settingSwitch(page, 'trial_user_create_enabled')).not.toBeChecked();
    await expect(settingSwitch(page, 'five_admin_resellers_migration')).toBeChecked();
    await expect(settingSwitch(page, 'five_admin_users_migration')).toBeChecked();
    await page.mouse.move(0, 0);
    await shot(page, '95-panel-settings-1366');
    await page.setViewportSize(PHONE);
    await expect(settingSwitch(page, 'five_admin_users_migration')).toBeAttached();
    await shot(page, '96-panel-settings-390');
    await page.setViewportSize(LAPTOP);
    await logout(page);

    // A reseller: the admin page sends it to the dashboard; a trial is refused.
    const reseller = await newReseller(30, 'sinc');
    await signIn(reseller);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin/settings');
    await expect(page).toHaveURL(/\/dashboard$/);
    // The dashboard's quick test is disabled and says why: it would open a paid line's form.
    await expect(page.getByTestId('quick-link-quick-test')).toBeDisabled();
    await expect(page.getByTestId('quick-link-quick-test-off')).toHaveText(TRIAL_MESSAGE);
    // 'Novo Usuário' keeps the trial switch off and disabled, with the same message.
    await page.goto('/users');
    await page.getByTestId(/^new-user-button(-mobile)?$/).click();
    const form = page.getByTestId('create-line-modal');
    await expect(form.getByText(TRIAL_MESSAGE)).toBeVisible();
    await expect(form.getByRole('switch', { name: 'Teste' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').token as string);
    const refused = await page.request.post('/api/users/trial_users', {
      headers: { Authorization: `Bearer ${token}` },
      data: {},
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe(TRIAL_MESSAGE);

    // Its new sub-reseller and line reach the external panel, signed (the receiver refuses any other).
    const subUsername = uniqueUsername('subsinc');
    await createReseller(page, { username: subUsername, password: RESELLER_PASSWORD, credits: 10 });
    const lineUsername = uniqueUsername('linsinc');
    await createLine(page, { username: lineUsername, password: RESELLER_PASSWORD, packageId: 17 });
    await closeCreatedModal(page);
    await expect
      .poll(() =>
        receiver.received
          .filter(
            (entry) =>
              entry.body.reseller?.username === subUsername || entry.body.line?.username === lineUsername,
          )
          .map((entry) => entry.event)
          .sort(),
      )
      .toEqual(['line.created', 'reseller.created']);
    expect(receiver.rejectedSignatures).toBe(0);
  } finally {
    await adminApi.call('PUT', '/admin/panel', {
      trial_user_create_enabled: before.trial_user_create_enabled,
      five_admin_resellers_migration: before.five_admin_resellers_migration,
      five_admin_users_migration: before.five_admin_users_migration,
    });
  }
});
