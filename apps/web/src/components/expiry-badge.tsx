import { expiryBadge, type ExpiryBadgeColor } from '@panel/shared/lines/line-status';
import { formatPanelDateTime } from '@/lib/format-date';
import { LazyTooltip } from './light/lazy-tooltip';
import { LightBadge } from './light/light-badge';

/** The spec's badge colours (Bootstrap names) as Mantine colours. */
export const EXPIRY_BADGE_COLORS: Record<ExpiryBadgeColor, string> = {
  danger: 'red',
  pink: 'pink',
  warning: 'yellow',
  info: 'cyan',
  success: 'teal',
};

interface ExpiryBadgeProps {
  /** Unix seconds. */
  expDate: number;
  /** Defaults to the moment of rendering. */
  now?: Date;
  testId?: string;
}

/**
 * The 'Expira em' cell of docs/product/screens.md#expiry-badge: the date (DD/MM/YYYY HH:mm, panel time) coloured by how soon it comes, with the
 * tooltip 'Expira hoje', 'Expira em N dias' or 'Expirado'. The rule is `expiryBadge` of the shared package.
 */
export function ExpiryBadge({ expDate, now = new Date(), testId = 'expiry-badge' }: ExpiryBadgeProps) {
  const { color, tooltip } = expiryBadge(expDate, now);
  const date = formatPanelDateTime(expDate);
  return (
    <LazyTooltip label={tooltip} withArrow>
      <LightBadge
        color={EXPIRY_BADGE_COLORS[color]}
        keepCase
        // A squeezed table column must not cut the date ("22/11/2026 01…").
        style={{ minWidth: 'max-content' }}
        data-color={color}
        data-tooltip={tooltip}
        aria-label={`${date} (${tooltip})`}
        data-testid={testId}
      >
        {date}
      </LightBadge>
    </LazyTooltip>
  );
}
