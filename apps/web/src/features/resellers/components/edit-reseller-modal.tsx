import { PasswordInput, Stack, Textarea, TextInput } from '@mantine/core';
import { Dialog } from '@/components/dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  editResellerSchema,
  type EditReseller,
  type EditResellerInput,
} from '@panel/shared/resellers/edit-reseller-schema';
import type { Reseller } from '@panel/shared/resellers/reseller-schema';
import { showFormError } from '@/lib/form-server-error';
import { DialogActions } from '@/components/dialog-actions';
import { showSuccessToast } from '@/lib/toasts';
import { useUpdateReseller } from '../api/update-reseller';
import { PublisherSwitch } from './publisher-switch';
import { RESELLER_TOASTS } from './reseller-texts';

const FIELDS = ['username', 'password', 'notes'] as const;

interface EditResellerFormValues {
  username: string;
  password: string;
  notes: string;
}

/**
 * The typed form judged by the shared edit schema. An unchanged username is left out (kept): a name
 * created with ! or ? is not re-judged by the edit rule, which allows only letters, digits and @.
 */
export function editResellerFormSchema(currentUsername: string) {
  return z
    .object({ username: z.string(), password: z.string(), notes: z.string() })
    .transform(({ username, password, notes }): EditResellerInput =>
      username === currentUsername ? { password, notes } : { username, password, notes },
    )
    .pipe(editResellerSchema);
}

interface EditResellerModalProps {
  reseller: Reseller;
  /** The admin also makes the account a publisher or a reseller again (decision 0054). */
  isAdmin?: boolean;
  onClose: () => void;
}

/** docs/product/rules.md#edit-reseller: username, an optional new password (empty keeps it) and notes. */
export function EditResellerModal({ reseller, isAdmin = false, onClose }: EditResellerModalProps) {
  const updateReseller = useUpdateReseller();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EditResellerFormValues, unknown, EditReseller>({
    resolver: zodResolver(editResellerFormSchema(reseller.username)),
    defaultValues: { username: reseller.username, password: '', notes: reseller.notes ?? '' },
  });

  const submit = handleSubmit((input) =>
    updateReseller.mutate(
      { id: reseller.id, input },
      {
        onSuccess: () => {
          showSuccessToast(RESELLER_TOASTS.updated);
          onClose();
        },
        onError: (error) => showFormError(error, FIELDS, setError),
      },
    ),
  );

  return (
    <Dialog onClose={onClose} title={`Editar revendedor - ${reseller.username}`} testId="edit-reseller-modal">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Usuário"
            autoComplete="off"
            error={errors.username?.message}
            data-testid="edit-reseller-username"
            {...register('username')}
          />
          <PasswordInput
            label="Nova senha"
            description="Deixe em branco para manter a senha atual"
            autoComplete="new-password"
            error={errors.password?.message}
            data-testid="edit-reseller-password"
            {...register('password')}
          />
          <Textarea
            label="Observações"
            autosize
            minRows={2}
            maxRows={6}
            error={errors.notes?.message}
            data-testid="edit-reseller-notes"
            {...register('notes')}
          />
          {isAdmin && <PublisherSwitch reseller={reseller} />}
          <DialogActions
            onCancel={onClose}
            label="Salvar"
            pending={updateReseller.isPending}
            testId="edit-reseller-submit"
          />
        </Stack>
      </form>
    </Dialog>
  );
}
