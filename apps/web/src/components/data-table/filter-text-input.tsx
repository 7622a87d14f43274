import { TextInput, type TextInputProps } from '@mantine/core';
import { useFilterText } from '@/lib/list-state/use-filter-text';

interface FilterTextInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** The applied value (from useListState). */
  value: string;
  /** Called 1 s after the last key, or at once on Enter, with the trimmed text. */
  onApply: (value: string) => void;
  /** Digits only (ID filters). */
  numeric?: boolean;
  delayMs?: number;
}

/** A text filter of a list: debounced 1 s, Enter applies (docs/product/screens.md#shared-table-behaviour, docs/product/constants.md#timings). */
export function FilterTextInput({ value, onApply, numeric, delayMs, ...props }: FilterTextInputProps) {
  const { inputProps } = useFilterText(value, onApply, { numeric, delayMs });
  return <TextInput size="sm" {...props} {...inputProps} />;
}
