import { Alert, Button, Input, PasswordInput, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { AUTH_MESSAGES } from '@panel/shared/auth/messages';
import { unlockSchema, type CaptchaConfig, type UnlockInput } from '@panel/shared/auth/sign-in-schema';
import { LOCK_CAPTCHA_RESET_MS } from '@panel/shared/ui/ui-constants';
import { ApiError } from '@/lib/api-client';
import { mapError } from '@/lib/map-error';
import type { CaptchaEvent, CaptchaHandle } from './captcha-events';
import { CaptchaWidget, NO_CAPTCHA_TOKEN } from './captcha-widget';

const CAPTCHA_FIELD = 'g-recaptcha-response';

/** docs/product/messages.md#auth-messages: the unlock error, or the captcha message when the captcha was refused. */
export function unlockFailureText(error: unknown): string {
  if (error instanceof ApiError && error.code === 'captcha_failed') return AUTH_MESSAGES.captchaError;
  if (error instanceof ApiError && error.code === 'rate_limited') return mapError(error).message;
  return AUTH_MESSAGES.unlockFailed;
}

interface LockFormProps {
  captcha: CaptchaConfig;
  onSubmit: (values: UnlockInput) => Promise<void>;
}

export function LockForm({ captcha, onSubmit }: LockFormProps) {
  const captchaRef = useRef<CaptchaHandle>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm({
    resolver: zodResolver(unlockSchema),
    defaultValues: { password: '', [CAPTCHA_FIELD]: captcha.provider === 'none' ? NO_CAPTCHA_TOKEN : '' },
  });

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const handleCaptchaEvent = (event: CaptchaEvent) => {
    switch (event.type) {
      case 'token':
        setValue(CAPTCHA_FIELD, event.token, { shouldValidate: isSubmitted });
        break;
      case 'cleared':
        setValue(CAPTCHA_FIELD, '');
        break;
      case 'expired':
        setValue(CAPTCHA_FIELD, '');
        setError(CAPTCHA_FIELD, { message: AUTH_MESSAGES.captchaExpiredLock });
        break;
      case 'error':
        setValue(CAPTCHA_FIELD, '');
        setError(CAPTCHA_FIELD, { message: AUTH_MESSAGES.captchaError });
        break;
    }
  };

  const handleValid = async (values: UnlockInput) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setFailure(unlockFailureText(error));
      // docs/product/rules.md#sessions: the form re-enables at once and the captcha resets after 10 seconds.
      clearTimeout(resetTimer.current);
      resetTimer.current = setTimeout(() => captchaRef.current?.reset(), LOCK_CAPTCHA_RESET_MS);
    }
  };
  // handleSubmit is called per submit event, so the handler reaches refs only from an event.
  const handleFormSubmit = (event: FormEvent<HTMLFormElement>) => handleSubmit(handleValid)(event);

  return (
    <form onSubmit={handleFormSubmit} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" role="alert" data-testid="unlock-error">
            {failure}
          </Alert>
        )}
        <PasswordInput
          label="Senha"
          autoComplete="current-password"
          autoFocus
          error={errors.password?.message}
          {...register('password')}
        />
        <div>
          <input type="hidden" {...register(CAPTCHA_FIELD)} />
          <CaptchaWidget config={captcha} onEvent={handleCaptchaEvent} ref={captchaRef} />
          {errors[CAPTCHA_FIELD]?.message && (
            <Input.Error mt={4}>{errors[CAPTCHA_FIELD].message}</Input.Error>
          )}
        </div>
        <Button type="submit" fullWidth loading={isSubmitting}>
          Desbloquear
        </Button>
      </Stack>
    </form>
  );
}
