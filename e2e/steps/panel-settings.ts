import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Journey steps of /admin/settings (docs/product/screens.md#panel-settings, decision 0060). The page is on
 * /admin/settings, signed in as the admin.
 */

/** A setting's switch (its input; Mantine draws the track over it). */
export function settingSwitch(page: Page, key: string): Locator {
  return page.getByTestId(`panel-setting-${key}`);
}

/** Flips a switch to `on`, waits for 'Configuração alterada com sucesso!' and for the switch to stay so. */
export async function setSetting(page: Page, key: string, on: boolean): Promise<void> {
  const input = settingSwitch(page, key);
  if ((await input.isChecked()) === on) return;
  await input.click({ force: true });
  await expect(page.getByText('Configuração alterada com sucesso!').first()).toBeVisible();
  if (on) await expect(input).toBeChecked();
  else await expect(input).not.toBeChecked();
  await expect(input).toBeEnabled();
}
