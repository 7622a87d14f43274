import { Text } from '@mantine/core';
import { fromCents } from '@panel/shared/money/credits';
import { PRICE_TEXTS } from '../line-texts';
import { costText } from './action-texts';

/** What the caller will be charged: admins act for free (docs/product/costs.md#admins-act-for-free). */
export function previewCents(cents: number, isAdmin: boolean): number {
  return isAdmin ? 0 : cents;
}

/** The price line shown before confirming: 'Custo: X créditos', or 'Grátis (admin)' for an admin. */
export function priceText(cents: number, isAdmin: boolean): string {
  return isAdmin ? PRICE_TEXTS.adminFree : costText(fromCents(cents));
}

interface PricePreviewProps {
  /** Price in cents from the shared cost functions; null when nothing is chosen yet. */
  cents: number | null;
  isAdmin: boolean;
  testId: string;
  /** Text instead of a price (e.g. 'sem custo' for fewer screens). */
  override?: string;
}

export function PricePreview({ cents, isAdmin, testId, override }: PricePreviewProps) {
  if (cents === null && override === undefined) return null;
  return (
    <Text fw={700} data-testid={testId}>
      {override ?? priceText(cents ?? 0, isAdmin)}
    </Text>
  );
}
