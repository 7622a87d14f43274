import { generateSync } from 'otplib';
import { openPhone } from '../fixtures/devices';
import { loginAs, logout, solveCaptcha } from '../fixtures/session';
import { shot } from '../fixtures/shot';
import { expect, test } from '../fixtures/test';

// Two-factor sign-in (decisions 0130, 0131, 0134): a reseller turns it on in its profile, scanning nothing
// (the journey computes the app's codes from the key shown), then signs in with a code on the laptop and
// with a recovery code on a phone, and sees both sessions. Screenshots at 1366×768 and 390×844.
const codeOf = (secret: string, steps = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

test('a reseller turns on two-factor sign-in, then signs in with a code and with a recovery code', async ({
  page,
  browser,
  baseURL,
  csp,
  newReseller,
}) => {
  test.slow(); // three sign-ins, each solving a captcha
  const reseller = await newReseller(10, 'doisfa');
  await loginAs(page, reseller);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/profile');
  await page.getByTestId('two-factor-enable').click();
  const dialog = page.getByTestId('two-factor-enable-dialog');
  const secret = (await dialog.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(dialog.getByRole('img', { name: 'QR code da verificação em duas etapas' })).toBeVisible();
  await shot(page, 'two-factor-enrol');
  await dialog.getByTestId('two-factor-password').fill(reseller.password);
  await dialog.getByTestId('two-factor-code').fill(codeOf(secret));
  await dialog.getByRole('button', { name: 'Ativar verificação' }).click();
  const codes = dialog.getByTestId('two-factor-recovery-codes');
  await expect(codes).toBeVisible();
  const recoveryCode = (await codes.locator('li').first().textContent())?.trim() ?? '';
  expect(recoveryCode).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
  await shot(page, 'two-factor-recovery-codes');
  await dialog.getByTestId('two-factor-done').click();
  await expect(page.getByTestId('two-factor-status')).toContainText('Ativa desde');
  await logout(page);

  // The password step answers the code step, not the panel.
  await loginAs(page, reseller);
  const secondStep = page.getByTestId('second-step-form');
  await expect(secondStep).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await shot(page, 'two-factor-sign-in-code');
  await secondStep.getByLabel('Código do aplicativo autenticador').fill(codeOf(secret, 1));
  await secondStep.getByRole('button', { name: 'Verificar' }).click();
  // Back where the visit was (docs/product/screens.md#redirect-after-login).
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('two-factor-status')).toContainText('10 códigos de recuperação restantes.');

  const { phone, mobile } = await openPhone(browser, baseURL, csp);
  try {
    await mobile.goto('/login');
    await mobile.getByLabel('Usuário').fill(reseller.username);
    await mobile.getByLabel('Senha', { exact: true }).fill(reseller.password);
    await solveCaptcha(mobile);
    await mobile.getByRole('button', { name: 'Acessar' }).click();
    const phoneStep = mobile.getByTestId('second-step-form');
    await phoneStep.getByRole('button', { name: 'Usar um código de recuperação' }).click();
    await phoneStep.getByLabel('Código de recuperação').fill(recoveryCode);
    await shot(mobile, 'two-factor-sign-in-recovery-390');
    await phoneStep.getByRole('button', { name: 'Verificar' }).click();
    await expect(mobile).toHaveURL(/\/dashboard$/);
    await mobile.goto('/profile');
    await expect(mobile.getByTestId('two-factor-status')).toContainText(
      '9 códigos de recuperação restantes.',
    );
    const rows = mobile.getByTestId('session-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Esta sessão');
    await expect(rows.first()).toContainText('Safari em iOS');
    await mobile.getByTestId('sessions-card').scrollIntoViewIfNeeded();
    await shot(mobile, 'profile-sessions-390');
  } finally {
    await phone.close();
  }
});
