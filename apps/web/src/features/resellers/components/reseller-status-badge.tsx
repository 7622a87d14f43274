import { Badge } from '@mantine/core';
import { RESELLER_STATUS, RESELLER_STATUS_LABELS } from '@panel/shared/resellers/reseller-constants';

/** docs/product/rules.md#reseller-status: ATIVO when status is 1, else BLOQUEADO. */
export function ResellerStatusBadge({ status }: { status: number }) {
  const active = status === RESELLER_STATUS.active;
  return (
    <Badge color={active ? 'teal' : 'red'} variant="light" data-testid="reseller-status">
      {active ? RESELLER_STATUS_LABELS[1] : RESELLER_STATUS_LABELS[0]}
    </Badge>
  );
}
