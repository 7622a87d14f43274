import { Alert, Button, Input, Loader, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { AUTH_MESSAGES } from '@panel/shared/auth/messages';
import type { CaptchaConfig, SignInInput } from '@panel/shared/auth/sign-in-schema';
import { ApiError } from '@/lib/api-client';
import { mapError } from '@/lib/map-error';
import { loadAuthSchemas } from '../api/auth-schemas';
import type { CaptchaEvent, CaptchaHandle } from './captcha-events';
import { CaptchaWidget, NO_CAPTCHA_TOKEN } from './captcha-widget';

const CAPTCHA_FIELD = 'g-recaptcha-response';
type Field = keyof SignInInput;
type FieldErrors = Partial<Record<Field, string>>;
const FORM_FIELDS: readonly string[] = ['username', 'password', CAPTCHA_FIELD];

/** The shared rules, first message per field, in the order of the form (username, password, captcha). */
async function checkSignIn(
  input: Record<Field, string>,
): Promise<{ values: SignInInput | null; errors: FieldErrors }> {
  const { signInSchema } = await loadAuthSchemas();
  const result = signInSchema.safeParse(input);
  if (result.success) return { values: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return { values: null, errors };
}

interface LoginFormProps {
  /** The server's captcha choice; undefined while it loads (the form is usable meanwhile). */
  captcha: CaptchaConfig | undefined;
  /** Shown where the captcha goes until `captcha` is known: a loader by default, or a failure and a retry. */
  captchaPlaceholder?: ReactNode;
  /** Signs in; a rejection is shown on the form (the server's message first). */
  onSubmit: (values: SignInInput) => Promise<void>;
}

/**
 * The login form. Plain React state rather than react-hook-form like the other forms: the login screen
 * must paint within P4's budget, and react-hook-form (~14 kB gzipped) and zod (~25 kB) would exceed it. The
 * behaviour is react-hook-form's: rules checked on submit (the shared `signInSchema`, loaded after the
 * first paint), then again on every change; the first invalid input gets the focus.
 */
export function LoginForm({ captcha, captchaPlaceholder, onSubmit }: LoginFormProps) {
  const captchaRef = useRef<CaptchaHandle>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<Record<Field, string>>({
    username: '',
    password: '',
    [CAPTCHA_FIELD]: captcha?.provider === 'none' ? NO_CAPTCHA_TOKEN : '',
  });
  // The latest values for handlers: a captcha event and a keystroke may come before the next render.
  const latest = useRef(values);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // Fetch the rules while the person types, so the first submit does not wait for them.
  useEffect(() => void loadAuthSchemas().catch(() => undefined), []);

  /** A changed value; after the first submit its own message follows it (react-hook-form's re-validation). */
  const change = (field: Field, value: string, revalidate = submitted) => {
    const next = { ...latest.current, [field]: value };
    latest.current = next;
    setValues(next);
    if (!revalidate) return;
    void checkSignIn(next).then(({ errors: found }) =>
      setErrors((current) => ({ ...current, [field]: found[field] })),
    );
  };

  const handleCaptchaEvent = (event: CaptchaEvent) => {
    switch (event.type) {
      case 'token':
        change(CAPTCHA_FIELD, event.token);
        break;
      case 'cleared':
        change(CAPTCHA_FIELD, '', false);
        break;
      case 'expired':
        change(CAPTCHA_FIELD, '', false);
        setErrors((current) => ({ ...current, [CAPTCHA_FIELD]: AUTH_MESSAGES.captchaExpiredLogin }));
        break;
      case 'error':
        change(CAPTCHA_FIELD, '', false);
        setErrors((current) => ({ ...current, [CAPTCHA_FIELD]: AUTH_MESSAGES.captchaError }));
        break;
    }
  };

  const submit = async () => {
    setSubmitted(true);
    setSubmitting(true);
    try {
      const checked = await checkSignIn(latest.current);
      setErrors(checked.errors);
      if (!checked.values) {
        if (checked.errors.username) usernameRef.current?.focus();
        else if (checked.errors.password) passwordRef.current?.focus();
        return;
      }
      setFailure(null);
      try {
        await onSubmit(checked.values);
      } catch (error) {
        const { message } = mapError(error);
        const field = error instanceof ApiError ? error.field : undefined;
        if (field && FORM_FIELDS.includes(field)) setErrors({ [field as Field]: message });
        else setFailure(message);
        // A solved captcha is spent by the attempt.
        captchaRef.current?.reset();
      }
    } finally {
      setSubmitting(false);
    }
  };
  const handleFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!submitting) void submit();
  };

  return (
    <form onSubmit={handleFormSubmit} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" role="alert" data-testid="login-error">
            {failure}
          </Alert>
        )}
        <TextInput
          ref={usernameRef}
          name="username"
          label="Usuário"
          autoComplete="username"
          autoFocus
          value={values.username}
          onChange={(event) => change('username', event.currentTarget.value)}
          error={errors.username}
        />
        <PasswordInput
          ref={passwordRef}
          name="password"
          label="Senha"
          autoComplete="current-password"
          value={values.password}
          onChange={(event) => change('password', event.currentTarget.value)}
          error={errors.password}
        />
        <div>
          {captcha ? (
            <CaptchaWidget config={captcha} onEvent={handleCaptchaEvent} ref={captchaRef} />
          ) : (
            (captchaPlaceholder ?? <Loader size="sm" aria-label="Carregando captcha" />)
          )}
          {errors[CAPTCHA_FIELD] && <Input.Error mt={4}>{errors[CAPTCHA_FIELD]}</Input.Error>}
        </div>
        <Button type="submit" fullWidth loading={submitting}>
          Acessar
        </Button>
      </Stack>
    </form>
  );
}
