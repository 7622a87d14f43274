import { Stack, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { TV_MAC_LENGTH, typedTvMac } from '@panel/shared/tv-apps/tv-app-mac';
import { ApiError } from '@/lib/api-client';
import { mapError } from '@/lib/map-error';
import { showErrorToast } from '@/lib/toasts';
import { classifySessionFailure } from '@/lib/session-failure';
import { FormError } from './form-error';

export const TV_MAC_TEXTS = { label: 'MAC address', placeholder: 'XX:XX:XX:XX:XX:XX' } as const;

/** A MAC typed for a TV app: uppercased hex and ':' only, at most 17 characters (docs/product/rules.md#dreamtv-mac). */
export function useTvMac(initial = '') {
  const [mac, setMac] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  return {
    mac,
    error,
    formError,
    setMac: (value: string) => {
      setMac(typedTvMac(value));
      setError(undefined);
      setFormError(undefined);
    },
    /** The MAC when `schema` accepts it; otherwise its message goes under the input (and `alert` under the form). */
    validated(schema: z.ZodType<string, string>, alert?: string): string | null {
      const parsed = schema.safeParse(mac);
      if (parsed.success) return parsed.data;
      setError(parsed.error.issues[0]?.message);
      setFormError(alert);
      return null;
    },
    /** A refusal naming `mac` goes under the input, a service failure under the form; the rest is a toast. */
    refused(failure: unknown) {
      if (classifySessionFailure(failure)) return;
      if (failure instanceof ApiError && failure.field === 'mac') setError(mapError(failure).message);
      else if (failure instanceof ApiError && !failure.network) setFormError(mapError(failure).message);
      else showErrorToast(failure);
    },
  };
}

interface TvMacFormProps {
  tvMac: ReturnType<typeof useTvMac>;
  testId: string;
  onSubmit: () => void;
  children: ReactNode;
}

/** The MAC input with its errors, and the dialog's buttons as `children`. */
export function TvMacForm({ tvMac, testId, onSubmit, children }: TvMacFormProps) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={TV_MAC_TEXTS.label}
          required
          placeholder={TV_MAC_TEXTS.placeholder}
          autoComplete="off"
          spellCheck={false}
          maxLength={TV_MAC_LENGTH}
          value={tvMac.mac}
          onChange={(event) => tvMac.setMac(event.currentTarget.value)}
          error={tvMac.error}
          data-testid={`${testId}-mac`}
          data-autofocus
        />
        <FormError message={tvMac.formError} testId={`${testId}-error`} />
        {children}
      </Stack>
    </form>
  );
}
