import { Button, Group, Modal, PasswordInput, Stack, Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { editResellerSchema } from '@panel/shared/resellers/edit-reseller-schema';
import type { Reseller } from '@panel/shared/resellers/reseller-schema';
import { showFormError } from '@/lib/form-server-error';
import { showSuccessToast } from '@/lib/toasts';
import { useUpdateReseller } from '../api/update-reseller';
import { RESELLER_TOASTS } from './reseller-texts';

const FIELDS = ['username', 'password', 'notes'] as const;

interface EditResellerModalProps {
  reseller: Reseller;
  onClose: () => void;
}

/** Spec §5 "Edit reseller": username, an optional new password (empty keeps it) and notes. */
export function EditResellerModal({ reseller, onClose }: EditResellerModalProps) {
  const updateReseller = useUpdateReseller();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(editResellerSchema),
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
    <Modal
      opened
      onClose={onClose}
      title={`Editar revendedor - ${reseller.username}`}
      centered
      attributes={{ content: { 'data-testid': 'edit-reseller-modal' } }}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
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
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={updateReseller.isPending} data-testid="edit-reseller-submit">
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
