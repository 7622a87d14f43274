/** docs/product/glossary.md#revendas_deletados: the account that adopts the sub-resellers and lines of a deleted reseller. */
export const DELETED_RESELLERS_BUCKET = 'REVENDAS_DELETADOS';

/** docs/product/constants.md#credits: minimum (and default) credits of a reseller creation or credit change. */
export const MIN_CREDIT_MOVE = 10;
export const DEFAULT_NEW_RESELLER_CREDITS = 10;
/** Upper bound of one move, so a typo cannot mint a fortune or overflow numeric(14,2). */
export const MAX_CREDIT_MOVE = 1_000_000;

export const RESELLER_STATUS = { active: 1, blocked: 0 } as const;
/** docs/product/rules.md#reseller-status. */
export const RESELLER_STATUS_LABELS = { 1: 'ATIVO', 0: 'BLOQUEADO' } as const;
