import { Skeleton, Text, type TextProps } from '@mantine/core';
import { formatCount } from '@panel/shared/ui/ui-constants';
import { HIDDEN_NUMBER } from './dashboard-texts';

interface HiddenNumberProps extends TextProps {
  value: number | undefined;
  revealed: boolean;
  /** The query failed: nothing to show. */
  failed?: boolean;
  testId: string;
}

/** A count behind the dashboard's eye: dots until revealed, then thousands with dots (docs/product/screens.md#dashboard). */
export function HiddenNumber({ value, revealed, failed = false, testId, ...textProps }: HiddenNumberProps) {
  if (revealed && value === undefined && !failed) return <Skeleton h={28} w={64} data-testid={testId} />;
  const text = !revealed ? HIDDEN_NUMBER : value === undefined ? '-' : formatCount(value);
  return (
    <Text {...textProps} data-testid={testId} data-hidden={!revealed}>
      {text}
    </Text>
  );
}
