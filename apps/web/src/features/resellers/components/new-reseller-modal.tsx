import { PasswordInput, Stack, TextInput } from '@mantine/core';
import { Dialog } from '@/components/dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { DEFAULT_NEW_RESELLER_CREDITS } from '@panel/shared/resellers/reseller-constants';
import { newResellerSchema } from '@panel/shared/resellers/new-reseller-schema';
import { showFormError } from '@/lib/form-server-error';
import { DialogActions } from '@/components/dialog-actions';
import { showSuccessToast } from '@/lib/toasts';
import { useCreateReseller } from '../api/create-reseller';
import { NEW_RESELLER_LABEL, RESELLER_TOASTS } from './reseller-texts';

const FIELDS = ['username', 'password', 'credits', 'email'] as const;

interface NewResellerModalProps {
  opened: boolean;
  onClose: () => void;
}

/** docs/product/rules.md#new-reseller: the rules and messages come from the shared schema, credits default 10. */
export function NewResellerModal({ opened, onClose }: NewResellerModalProps) {
  const createReseller = useCreateReseller();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(newResellerSchema),
    defaultValues: { username: '', password: '', credits: String(DEFAULT_NEW_RESELLER_CREDITS), email: '' },
  });

  const close = () => {
    reset();
    createReseller.reset();
    onClose();
  };

  const submit = handleSubmit((values) =>
    createReseller.mutate(values, {
      onSuccess: () => {
        showSuccessToast(RESELLER_TOASTS.created);
        close();
      },
      onError: (error) => showFormError(error, FIELDS, setError),
    }),
  );

  return (
    <Dialog opened={opened} onClose={close} title={NEW_RESELLER_LABEL} testId="new-reseller-modal">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Usuário"
            autoComplete="off"
            error={errors.username?.message}
            data-testid="new-reseller-username"
            {...register('username')}
          />
          <PasswordInput
            label="Senha"
            autoComplete="new-password"
            error={errors.password?.message}
            data-testid="new-reseller-password"
            {...register('password')}
          />
          <TextInput
            label="Créditos"
            inputMode="numeric"
            error={errors.credits?.message}
            data-testid="new-reseller-credits"
            {...register('credits')}
          />
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            data-testid="new-reseller-email"
            {...register('email')}
          />
          <DialogActions
            onCancel={close}
            label="Criar"
            pending={createReseller.isPending}
            testId="new-reseller-submit"
          />
        </Stack>
      </form>
    </Dialog>
  );
}
