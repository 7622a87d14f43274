import { expect, type Page } from '@playwright/test';

/** A run of text typed into the editor, with the toolbar's bold and italic toggled around it. */
export interface RichRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
}

/**
 * Journey step (decision 0059): replaces the text of a rich-text editor of /admin/news as a person does —
 * select all, delete, then each run typed with 'Negrito' / 'Itálico' pressed before and released after.
 */
export async function writeRichText(page: Page, editorTestId: string, runs: RichRun[]): Promise<void> {
  const editor = page.getByTestId(editorTestId);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  const toggle = (mark: 'bold' | 'italic') => page.getByTestId(`${editorTestId}-${mark}`).click();
  for (const run of runs) {
    if (run.bold) await toggle('bold');
    if (run.italic) await toggle('italic');
    await page.keyboard.type(run.text);
    if (run.bold) await toggle('bold');
    if (run.italic) await toggle('italic');
  }
}

/** The sidebar (through the burger on a phone). */
export async function openSidebar(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  const dashboard = nav.getByRole('link', { name: 'Dashboard' });
  const burger = page.getByRole('button', { name: 'Abrir menu' });
  // Either the sidebar is shown (laptop) or the burger is (phone); the burger toggles, so it is pressed
  // only while the menu is closed.
  await expect(dashboard.or(burger).first()).toBeVisible();
  if (!(await dashboard.isVisible())) await burger.click();
  return nav;
}

/** The sidebar's item names (buttons and links), as the signed-in account sees them. */
export async function sidebarItems(page: Page): Promise<string[]> {
  const nav = await openSidebar(page);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  return (await nav.locator('a, button').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}

/** Opens a menu dialog ('Manual de instruções', 'Regras do servidor', …) and answers it. */
export async function openMenuDialog(page: Page, name: string) {
  const nav = await openSidebar(page);
  await nav.getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}
