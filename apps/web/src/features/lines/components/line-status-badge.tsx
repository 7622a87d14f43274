import { Badge } from '@mantine/core';
import type { Line } from '@panel/shared/lines/line-api';
import { lineDisplayStatus } from '@panel/shared/lines/line-status';

const STATUS_COLORS = { ATIVO: 'teal', EXPIRADO: 'orange', BLOQUEADO: 'red' } as const;

/** ATIVO / EXPIRADO / BLOQUEADO (spec §4). */
export function LineStatusBadge({ line, now }: { line: Line; now: Date }) {
  const status = lineDisplayStatus(line.enabled, line.exp_date, Math.floor(now.getTime() / 1000));
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="line-status">
      {status}
    </Badge>
  );
}
