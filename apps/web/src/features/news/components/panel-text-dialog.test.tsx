import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PANEL_TEXTS } from '@panel/shared/panel-texts/default-panel-texts';
import { PANEL_TEXT_KEYS, type PanelText } from '@panel/shared/panel-texts/panel-texts-api';
import { mockApi } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { ManualDialog, ResponsibilitiesDialog, ServerRulesDialog } from './panel-text-dialog';

const rows = (edited: Partial<Record<PanelText['key'], string>>): PanelText[] =>
  PANEL_TEXT_KEYS.map((key) => ({
    key,
    body: edited[key] ?? DEFAULT_PANEL_TEXTS[key],
    edited: key in edited,
    updated_at: null,
  }));

describe('the menu dialogs (docs/product/screens.md#menu-dialogs)', () => {
  it('shows the admin’s text with its formatting, and nothing it must not run', async () => {
    mockApi({
      'GET /panel-texts': {
        body: { data: rows({ manual: '<p><b>Passo 1</b> <i>abra</i><img src=x onerror="alert(1)"></p>' }) },
      },
    });
    renderWithProviders(<ManualDialog opened onClose={() => {}} />);
    const body = await screen.findByTestId('panel-text-dialog-manual-body');
    expect(within(screen.getByRole('dialog')).getByText('Manual de instruções')).toBeInTheDocument();
    expect(body.querySelector('b')?.textContent).toBe('Passo 1');
    expect(body.querySelector('i')?.textContent).toBe('abra');
    expect(body.querySelector('img')).toBeNull();
  });

  it('titles each dialog as the menu names it and shows its default', async () => {
    mockApi({ 'GET /panel-texts': { body: { data: rows({}) } } });
    const rules = renderWithProviders(<ServerRulesDialog opened onClose={() => {}} />);
    expect((await screen.findByTestId('panel-text-dialog-server_rules-body')).textContent).toContain(
      'Compre créditos somente do seu revenda master.',
    );
    expect(screen.getByText('Regras do servidor')).toBeInTheDocument();
    rules.unmount();
    renderWithProviders(<ResponsibilitiesDialog opened onClose={() => {}} />);
    expect((await screen.findByTestId('panel-text-dialog-responsibilities-body')).textContent).toContain(
      'Proibições',
    );
    expect(screen.getByText('Responsabilidades e proibições')).toBeInTheDocument();
  });

  it('offers "Tentar novamente" when the texts fail to load', async () => {
    mockApi({ 'GET /panel-texts': { status: 503, body: {} } });
    renderWithProviders(<ServerRulesDialog opened onClose={() => {}} />);
    const failure = await screen.findByTestId('panel-text-dialog-server_rules-error');
    expect(within(failure).getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
