import type { Line } from '@panel/shared/lines/line-api';
import { lineDisplayStatus } from '@panel/shared/lines/line-status';
import { LightBadge } from '@/components/light/light-badge';
import { unixSeconds } from '@panel/shared/time/unix-seconds';

const STATUS_COLORS = { ATIVO: 'teal', EXPIRADO: 'orange', BLOQUEADO: 'red' } as const;

/** ATIVO / EXPIRADO / BLOQUEADO (docs/product/rules.md#line-status). */
export function LineStatusBadge({ line, now }: { line: Line; now: Date }) {
  const status = lineDisplayStatus(line.enabled, line.exp_date, unixSeconds(now));
  return (
    <LightBadge color={STATUS_COLORS[status]} data-testid="line-status">
      {status}
    </LightBadge>
  );
}
