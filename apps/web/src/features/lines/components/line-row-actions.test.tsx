import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildLine } from '@test/fixtures/line';
import { renderWithProviders } from '@test/render';
import { OFFERED_LINE_ACTIONS } from './line-action-modals';
import { availableLineActions, LineRowActions } from './line-row-actions';

describe('availableLineActions (docs/product/rules.md#line-actions, shared lineActions)', () => {
  it('an active IPTV line', () => {
    expect(availableLineActions(buildLine())).toEqual([
      'edit',
      'user-info',
      'short-links',
      'whatsapp',
      'dreamtv',
      'connect-tv',
      'renew-month',
      'renew-package',
      'renew-calendar',
      'pix-charge',
      'expiry-2359',
      'manage-screens',
      'block',
      'change-service',
      'hybrid-transfer',
      'remove',
    ]);
  });

  it('a trial: no calendar, no 23:59, no screens', () => {
    const actions = availableLineActions(buildLine({ is_trial: 1 }));
    expect(actions).not.toContain('renew-calendar');
    expect(actions).not.toContain('expiry-2359');
    expect(actions).not.toContain('manage-screens');
    expect(actions).toContain('renew-month');
  });

  it('an eligible P2P line: add days and P2P resync, no screens', () => {
    const actions = availableLineActions(buildLine({ system: 2, extra_days_enabled: 1, extra_days: 0 }));
    expect(actions).toContain('add-days');
    expect(actions).toContain('resync-p2p');
    expect(actions).not.toContain('resync-hybrid');
    expect(actions).not.toContain('manage-screens');
    // P2P lines play through another service: no playlist links to show.
    expect(actions).not.toContain('user-info');
  });

  it('add days only once per period and never for a P2P trial', () => {
    expect(
      availableLineActions(buildLine({ system: 2, extra_days_enabled: 1, extra_days: 2 })),
    ).not.toContain('add-days');
    expect(
      availableLineActions(buildLine({ system: 2, extra_days_enabled: 1, extra_days: 0, is_trial: 1 })),
    ).not.toContain('add-days');
    expect(availableLineActions(buildLine({ system: 2, extra_days_enabled: 0 }))).not.toContain('add-days');
  });

  it('a hybrid line: hybrid resync, no screens, no transfer and no change of service', () => {
    const actions = availableLineActions(buildLine({ system: 3, macaddr: 'aa:bb:cc:dd:ee:ff' }));
    expect(actions).toContain('resync-hybrid');
    expect(actions).not.toContain('resync-p2p');
    expect(actions).not.toContain('manage-screens');
    expect(actions).not.toContain('hybrid-transfer');
    expect(actions).not.toContain('change-service');
    expect(actions).toContain('user-info');
  });

  it('user information for IPTV and hybrid lines, trials included (docs/product/screens.md#line-links)', () => {
    expect(availableLineActions(buildLine({ system: 1, is_trial: 1 }))).toContain('user-info');
    expect(availableLineActions(buildLine({ system: 3 }))).toContain('user-info');
    expect(availableLineActions(buildLine({ system: 2 }))).not.toContain('user-info');
  });

  it('block or unblock by state', () => {
    expect(availableLineActions(buildLine({ enabled: 0 }))).toContain('unblock');
    expect(availableLineActions(buildLine({ enabled: 0 }))).not.toContain('block');
  });

  it('this build offers every action (all the modals are integrated)', () => {
    expect([...OFFERED_LINE_ACTIONS].sort()).toEqual(
      [
        'add-days',
        'block',
        'change-service',
        'connect-tv',
        'dreamtv',
        'edit',
        'expiry-2359',
        'hybrid-transfer',
        'manage-screens',
        'pix-charge',
        'remove',
        'renew-calendar',
        'renew-month',
        'renew-package',
        'resync-hybrid',
        'resync-p2p',
        'short-links',
        'unblock',
        'user-info',
        'whatsapp',
      ].sort(),
    );
  });
});

describe('LineRowActions', () => {
  it('renders the labels and puts Remover last', async () => {
    const onAction = vi.fn();
    renderWithProviders(<LineRowActions line={buildLine({ system: 2 })} onAction={onAction} />);
    fireEvent.click(screen.getByTestId('line-actions'));
    // The items are a lazy chunk (line-action-items.tsx): the first open may wait for it.
    const items = await screen.findAllByRole('menuitem', {}, { timeout: 5000 });
    expect(items.map((item) => item.textContent)).toEqual([
      'Editar',
      'Mensagem WhatsApp',
      'Renovar 1 mês',
      'Renovar por pacote',
      'Renovar por calendário',
      'Cobrar por PIX',
      'Vencimento às 23:59',
      'Bloquear',
      'Sincronizar P2P',
      'Alterar serviço',
      'Transferência para sistema Híbrido',
      'Remover',
    ]);
    expect(screen.queryAllByTestId('line-action-user-info')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('line-action-resync-p2p'));
    expect(onAction).toHaveBeenCalledWith('resync-p2p', expect.objectContaining({ system: 2 }));
  });
});
