import { Alert, Loader, MultiSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { Bouquet } from '@panel/shared/catalog/catalog-api';
import { SYSTEMS } from '@panel/shared/catalog/packages';
import { editLineSchema, type EditLineInput, type Line } from '@panel/shared/lines/line-api';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { DialogActions } from '@/components/dialog-actions';
import { showSuccessToast } from '@/lib/toasts';
import { useComplements } from '@/lib/queries/complements-query';
import { useEditLine } from '../../api/edit-line';
import { LINE_TOASTS } from '../line-texts';
import { showLineActionError } from './action-error';
import { ACTION_TEXTS, ACTION_TITLES } from './action-texts';
import { FormError } from './form-error';
import { Dialog } from '@/components/dialog';
import type { LineActionModalProps } from './line-action-modal';
import { MacField } from './mac-field';
import { useMacAvailability } from './use-mac-availability';

/** The edit form as typed: the MultiSelect gives bouquet ids as strings. */
export interface EditLineFormValues {
  bouquet: string[];
  username: string;
  password: string;
  full_name: string;
  macaddr: string;
  reseller_notes: string;
  as_number: string;
}

const EDIT_FIELDS = [
  'bouquet',
  'username',
  'password',
  'full_name',
  'macaddr',
  'reseller_notes',
  'as_number',
] as const;

const formValuesSchema = z.object({
  bouquet: z.array(z.string()),
  username: z.string(),
  password: z.string(),
  full_name: z.string(),
  macaddr: z.string(),
  reseller_notes: z.string(),
  as_number: z.string(),
});

/**
 * What PUT /users/:id receives (api-contract-lines): hybrid lines only bouquet, full_name, macaddr and
 * notes. An unchanged username or password is left out (kept, and not re-judged by today's rules); a
 * MAC is left out only while the line has none and none is typed (the API cannot remove a MAC).
 */
export function toEditPayload(values: EditLineFormValues, line: Line): EditLineInput {
  const payload: EditLineInput = {
    bouquet: values.bouquet.map(Number),
    full_name: values.full_name,
    reseller_notes: values.reseller_notes,
  };
  if (values.macaddr !== '' || line.macaddr !== null) payload.macaddr = values.macaddr;
  if (line.system === SYSTEMS.hybrid) return payload;
  if (values.username !== line.username) payload.username = values.username;
  if (values.password !== line.password) payload.password = values.password;
  payload.as_number = values.as_number;
  return payload;
}

/** The typed form, turned into the request and judged by the shared edit schema (docs/product/rules.md#edit-line). */
export function editLineFormSchema(line: Line) {
  return formValuesSchema.transform((values) => toEditPayload(values, line)).pipe(editLineSchema);
}

function defaultValues(line: Line, bouquets: Bouquet[]): EditLineFormValues {
  const known = new Set(bouquets.map((bouquet) => bouquet.id));
  return {
    bouquet: line.bouquet.filter((id) => known.has(id)).map(String),
    username: line.username,
    password: line.password,
    full_name: line.full_name ?? '',
    macaddr: line.macaddr ?? '',
    reseller_notes: line.reseller_notes ?? '',
    as_number: line.as_number ?? '',
  };
}

/** Edit user (docs/product/rules.md#edit-line): bouquets (at least one), credentials, name, MAC, notes and phone. */
export function EditLineModal({ line, opened, onClose }: LineActionModalProps) {
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={`${ACTION_TITLES.edit} - ${line.username}`}
      testId="edit-line-modal"
      size="lg"
    >
      <EditLineLoader line={line} onClose={onClose} />
    </Dialog>
  );
}

function EditLineLoader({ line, onClose }: { line: Line; onClose: () => void }) {
  const complements = useComplements();
  if (!complements.data) return <Loader size="sm" />;
  return <EditLineForm line={line} bouquets={complements.data.bouquets} onClose={onClose} />;
}

function EditLineForm({ line, bouquets, onClose }: { line: Line; bouquets: Bouquet[]; onClose: () => void }) {
  const editLine = useEditLine();
  const hybrid = line.system === SYSTEMS.hybrid;
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<EditLineFormValues, unknown, EditLineInput>({
    resolver: zodResolver(editLineFormSchema(line)),
    defaultValues: defaultValues(line, bouquets),
  });
  const mac = useWatch({ control, name: 'macaddr' });
  const macAvailability = useMacAvailability(mac, { userId: line.id, knownFree: line.macaddr });
  const macBlocks = ['checking', 'taken', 'error'].includes(macAvailability.state);

  const submit = handleSubmit((input) =>
    editLine.mutate(
      { id: line.id, input },
      {
        onSuccess: () => {
          showSuccessToast(LINE_TOASTS.edited);
          onClose();
        },
        onError: (error) => showLineActionError(error, EDIT_FIELDS, setError),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {hybrid ? (
          <Alert color="blue" data-testid="edit-line-hybrid-note">
            {LINE_MESSAGES.hybridEditOnly}
          </Alert>
        ) : null}
        <Controller
          control={control}
          name="bouquet"
          render={({ field }) => (
            <MultiSelect
              label={ACTION_TEXTS.bouquets}
              data={bouquets.map((bouquet) => ({ value: String(bouquet.id), label: bouquet.name }))}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              searchable
              clearable
              maxDropdownHeight={300}
              error={errors.bouquet?.message}
              data-testid="edit-line-bouquets"
            />
          )}
        />
        {hybrid ? null : (
          <>
            <TextInput
              label={ACTION_TEXTS.username}
              autoComplete="off"
              error={errors.username?.message}
              data-testid="edit-line-username"
              {...register('username')}
            />
            <TextInput
              label={ACTION_TEXTS.password}
              autoComplete="off"
              error={errors.password?.message}
              data-testid="edit-line-password"
              {...register('password')}
            />
          </>
        )}
        <TextInput
          label={ACTION_TEXTS.fullName}
          autoComplete="off"
          error={errors.full_name?.message}
          data-testid="edit-line-full-name"
          {...register('full_name')}
        />
        <Controller
          control={control}
          name="macaddr"
          render={({ field }) => (
            <MacField
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              availability={macAvailability}
              error={errors.macaddr?.message}
              required={hybrid}
              testId="edit-line-mac"
            />
          )}
        />
        <Textarea
          label={ACTION_TEXTS.notes}
          rows={3}
          error={errors.reseller_notes?.message}
          data-testid="edit-line-notes"
          {...register('reseller_notes')}
        />
        {hybrid ? null : (
          <TextInput
            label={ACTION_TEXTS.phone}
            type="tel"
            autoComplete="off"
            error={errors.as_number?.message}
            data-testid="edit-line-phone"
            {...register('as_number')}
          />
        )}
        <FormError message={errors.root?.server?.message} testId="edit-line-error" />
        <DialogActions
          onCancel={onClose}
          label={ACTION_TEXTS.save}
          pending={editLine.isPending}
          disabled={macBlocks}
          testId="edit-line-submit"
        />
      </Stack>
    </form>
  );
}
