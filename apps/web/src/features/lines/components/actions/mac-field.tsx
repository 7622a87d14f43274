import { Loader, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ChangeEvent, Ref } from 'react';
import { MAC_INPUT_MAX, formatMacInput } from '@panel/shared/lines/mac-address';
import { ACTION_TEXTS } from './action-texts';
import { macAvailabilityError, type MacAvailability } from './use-mac-availability';

interface MacFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  availability: MacAvailability;
  /** The schema's message (required, invalid) or the server's. */
  error: string | undefined;
  label?: string;
  required?: boolean;
  testId: string;
}

/**
 * The MAC input of docs/product/rules.md#mac-address: lowercased, non-hex stripped and grouped xx:xx:xx:xx:xx:xx while typing,
 * at most 17 characters, with the availability check shown beside and under it.
 */
export function MacField({
  value,
  onChange,
  onBlur,
  inputRef,
  availability,
  error,
  label = ACTION_TEXTS.mac,
  required = false,
  testId,
}: MacFieldProps) {
  const status =
    availability.state === 'checking' ? (
      <Loader size="xs" aria-label={ACTION_TEXTS.macChecking} data-testid={`${testId}-checking`} />
    ) : availability.state === 'free' ? (
      <IconCircleCheck
        size={18}
        color="var(--mantine-color-teal-6)"
        aria-label={ACTION_TEXTS.macFree}
        data-testid={`${testId}-free`}
      />
    ) : null;
  return (
    <TextInput
      label={label}
      required={required}
      placeholder={ACTION_TEXTS.macPlaceholder}
      autoComplete="off"
      spellCheck={false}
      maxLength={MAC_INPUT_MAX}
      value={value}
      ref={inputRef}
      onBlur={onBlur}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(formatMacInput(event.currentTarget.value))}
      rightSection={status}
      error={error ?? macAvailabilityError(availability)}
      data-testid={testId}
    />
  );
}
