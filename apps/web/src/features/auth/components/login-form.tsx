import { Alert, Button, Input, PasswordInput, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { AUTH_MESSAGES } from '@panel/shared/auth/messages';
import { signInSchema, type CaptchaConfig, type SignInInput } from '@panel/shared/auth/sign-in-schema';
import { ApiError } from '@/lib/api-client';
import { mapError } from '@/lib/map-error';
import type { CaptchaEvent, CaptchaHandle } from './captcha-events';
import { CaptchaWidget, NO_CAPTCHA_TOKEN } from './captcha-widget';

const CAPTCHA_FIELD = 'g-recaptcha-response';
const FORM_FIELDS: readonly string[] = ['username', 'password', CAPTCHA_FIELD];

interface LoginFormProps {
  captcha: CaptchaConfig;
  /** Signs in; a rejection is shown on the form (the server's message first). */
  onSubmit: (values: SignInInput) => Promise<void>;
}

export function LoginForm({ captcha, onSubmit }: LoginFormProps) {
  const captchaRef = useRef<CaptchaHandle>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm({
    resolver: zodResolver(signInSchema),
    defaultValues: {
      username: '',
      password: '',
      [CAPTCHA_FIELD]: captcha.provider === 'none' ? NO_CAPTCHA_TOKEN : '',
    },
  });

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
        setError(CAPTCHA_FIELD, { message: AUTH_MESSAGES.captchaExpiredLogin });
        break;
      case 'error':
        setValue(CAPTCHA_FIELD, '');
        setError(CAPTCHA_FIELD, { message: AUTH_MESSAGES.captchaError });
        break;
    }
  };

  const handleValid = async (values: SignInInput) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      const { message } = mapError(error);
      const field = error instanceof ApiError ? error.field : undefined;
      if (field && FORM_FIELDS.includes(field)) setError(field as keyof SignInInput, { message });
      else setFailure(message);
      // A solved captcha is spent by the attempt.
      captchaRef.current?.reset();
    }
  };
  // handleSubmit is called per submit event, so the handler reaches refs only from an event.
  const handleFormSubmit = (event: FormEvent<HTMLFormElement>) => handleSubmit(handleValid)(event);

  return (
    <form onSubmit={handleFormSubmit} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" role="alert" data-testid="login-error">
            {failure}
          </Alert>
        )}
        <TextInput
          label="Usuário"
          autoComplete="username"
          autoFocus
          error={errors.username?.message}
          {...register('username')}
        />
        <PasswordInput
          label="Senha"
          autoComplete="current-password"
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
          Acessar
        </Button>
      </Stack>
    </form>
  );
}
