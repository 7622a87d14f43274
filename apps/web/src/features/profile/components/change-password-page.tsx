import { Button, Card, Checkbox, PasswordInput, Stack, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  changePasswordSchema,
  type ChangePasswordFormValues,
  type ChangePasswordInput,
} from '@panel/shared/auth/password-rules';
import { paths } from '@/config/paths';
import { showFormError } from '@/lib/form-server-error';
import { showSuccessToast } from '@/lib/toasts';
import { useChangePassword } from '../api/change-password';

export const PASSWORD_CHANGED_TEXT = 'Senha alterada com sucesso!';
/** Long enough to read the toast before the reload (docs/product/screens.md#change-password: after success the app reloads to /dashboard). */
const RELOAD_DELAY_MS = 1500;
const FORM_FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

export function ChangePasswordPage() {
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordFormValues, unknown, ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    // The other sessions end with the new password unless unticked (decision 0133).
    defaultValues: {
      current_password: '',
      password: '',
      password_confirmation: '',
      end_other_sessions: true,
    },
  });

  const submit = handleSubmit((values) =>
    changePassword.mutate(values, {
      onSuccess: () => {
        showSuccessToast(PASSWORD_CHANGED_TEXT);
        setTimeout(() => window.location.assign(paths.dashboard), RELOAD_DELAY_MS);
      },
      onError: (error) => showFormError(error, FORM_FIELDS, setError),
    }),
  );

  return (
    <Stack gap="lg">
      <Title order={2}>Alterar senha</Title>
      <Card withBorder radius="md" p="lg" maw={480}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <PasswordInput
              label="Senha atual"
              autoComplete="current-password"
              error={errors.current_password?.message}
              {...register('current_password')}
            />
            <PasswordInput
              label="Nova senha"
              autoComplete="new-password"
              error={errors.password?.message}
              {...register('password')}
            />
            <PasswordInput
              label="Confirme a nova senha"
              autoComplete="new-password"
              error={errors.password_confirmation?.message}
              {...register('password_confirmation')}
            />
            <Checkbox label="Encerrar as outras sessões abertas" {...register('end_other_sessions')} />
            <Button type="submit" loading={changePassword.isPending || changePassword.isSuccess}>
              Alterar senha
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
