/**
 * Who must use two-factor sign-in (decision 0132): the panel setting `two_factor_required` names the
 * widest group; each level includes the ones before it.
 */
export const TWO_FACTOR_REQUIRED_LEVELS = ['none', 'admins', 'masters', 'all'] as const;
export type TwoFactorRequiredLevel = (typeof TWO_FACTOR_REQUIRED_LEVELS)[number];

export const TWO_FACTOR_LEVEL_LABELS: Record<TwoFactorRequiredLevel, string> = {
  none: 'Opcional para todos',
  admins: 'Obrigatória para administradores',
  masters: 'Obrigatória para administradores e revendas master',
  all: 'Obrigatória para todas as contas',
};

export function isTwoFactorLevel(value: string): value is TwoFactorRequiredLevel {
  return (TWO_FACTOR_REQUIRED_LEVELS as readonly string[]).includes(value);
}

/** A master is a reseller with sub-resellers (docs/product/glossary.md#master). */
export function twoFactorRequiredFor(
  level: string,
  account: { role: 'admin' | 'publisher' | 'reseller'; hasSubResellers: boolean },
): boolean {
  switch (level) {
    case 'all':
      return true;
    case 'masters':
      return account.role === 'admin' || (account.role === 'reseller' && account.hasSubResellers);
    case 'admins':
      return account.role === 'admin';
    default:
      return false;
  }
}
