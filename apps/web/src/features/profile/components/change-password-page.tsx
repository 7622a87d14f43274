import { Button, Card, PasswordInput, Stack, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { changePasswordSchema } from '@panel/shared/auth/password-rules';
import { paths } from '@/config/paths';
import { showSuccessToast } from '@/lib/toasts';
import { useChangePassword } from '../api/change-password';

export const PASSWORD_CHANGED_TEXT = 'Senha alterada com sucesso!';
/** Long enough to read the toast before the reload (spec §5: after success the app reloads to /dashboard). */
const RELOAD_DELAY_MS = 1500;

export function ChangePasswordPage() {
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });

  const submit = handleSubmit((values) =>
    changePassword.mutate(values, {
      onSuccess: () => {
        showSuccessToast(PASSWORD_CHANGED_TEXT);
        setTimeout(() => window.location.assign(paths.dashboard), RELOAD_DELAY_MS);
      },
    }),
  );

  return (
    <Stack gap="lg">
      <Title order={2}>Alterar senha</Title>
      <Card withBorder radius="md" p="lg" maw={480}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
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
            <Button type="submit" loading={changePassword.isPending || changePassword.isSuccess}>
              Alterar senha
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
