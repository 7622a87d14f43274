import { expect, type Locator, type Page } from '@playwright/test';

/** The row (or card) of `host` on /domains. */
export function domainRow(page: Page, host: string): Locator {
  return page.getByTestId('domain-row').filter({ hasText: host });
}

/**
 * docs/product/screens.md#domains: goes to /domains, adds `host` through 'Novo domínio', closes the setup
 * it shows, and waits for the row to say 'Verificado' (pressing 'Verificar' while it is pending). The
 * server must resolve `host` to the panel (the journeys' fake DNS answers 127.0.0.1 for any name).
 */
export async function addAndVerifyDomain(page: Page, host: string): Promise<Locator> {
  await page.goto('/domains');
  await expect(page.getByRole('heading', { name: 'Domínios' })).toBeVisible();
  await page.getByTestId('domain-new-open').or(page.getByTestId('domain-new-open-mobile')).click();
  const modal = page.getByTestId('domain-new');
  await modal.getByTestId('domain-new-input').fill(host);
  await modal.getByTestId('domain-new-submit').click();
  await expect(modal.getByTestId('domain-setup-name')).toHaveText(host);
  await modal.getByTestId('domain-new-done').click();
  await expect(modal).toBeHidden();
  const row = domainRow(page, host);
  const state = row.locator('[data-testid$="-state"]');
  await expect(state).toHaveText(/Verificado|Pendente/);
  if ((await state.textContent()) === 'Pendente') {
    await row.locator('[data-testid$="-verify"]').click();
  }
  await expect(state).toHaveText('Verificado', { timeout: 20_000 });
  return row;
}
