import { Alert, Loader, MultiSelect, Textarea, TextInput } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import type { Bouquet } from '@panel/shared/catalog/catalog-api';
import { SYSTEMS } from '@panel/shared/catalog/packages';
import type { Line } from '@panel/shared/lines/line-api';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { useComplements } from '@/lib/queries/complements-query';
import { useEditLine } from '../../api/edit-line';
import { LINE_TOASTS } from '../line-texts';
import { ACTION_TEXTS, ACTION_TITLES } from './action-texts';
import { EDIT_FIELDS, editLineDefaults, editLineFormSchema } from './edit-line-form-values';
import type { LineActionModalProps } from './line-action-modal';
import { MacField } from './mac-field';
import { PaidLineActionDialog, type LineActionFormProps } from './paid-line-action-dialog';
import { PaidLineActionForm } from './paid-line-action-form';
import { useMacAvailability } from './use-mac-availability';
import { usePaidLineActionForm } from './use-paid-line-action-form';

/** Edit user (docs/product/rules.md#edit-line): bouquets (at least one), credentials, name, MAC, notes and phone. */
export function EditLineModal({ line, opened, onClose }: LineActionModalProps) {
  return (
    <PaidLineActionDialog
      line={line}
      opened={opened}
      onClose={onClose}
      title={`${ACTION_TITLES.edit} - ${line.username}`}
      testIdPrefix="edit-line"
      size="lg"
      form={EditLineLoader}
    />
  );
}

function EditLineLoader({ line, onClose }: LineActionFormProps) {
  const complements = useComplements();
  if (!complements.data) return <Loader size="sm" />;
  return <EditLineForm line={line} bouquets={complements.data.bouquets} onClose={onClose} />;
}

function EditLineForm({ line, bouquets, onClose }: { line: Line; bouquets: Bouquet[]; onClose: () => void }) {
  const hybrid = line.system === SYSTEMS.hybrid;
  const action = usePaidLineActionForm({
    schema: editLineFormSchema(line),
    defaultValues: editLineDefaults(line, bouquets),
    mutation: useEditLine(),
    toVariables: (input) => ({ id: line.id, input }),
    fields: EDIT_FIELDS,
    successToast: LINE_TOASTS.edited,
    onClose,
  });
  const { register, control, formState } = action.form;
  const { errors } = formState;
  const mac = useWatch({ control, name: 'macaddr' });
  const macAvailability = useMacAvailability(mac, { userId: line.id, knownFree: line.macaddr });
  const macBlocks = ['checking', 'taken', 'error'].includes(macAvailability.state);

  return (
    <PaidLineActionForm
      action={action}
      testIdPrefix="edit-line"
      label={ACTION_TEXTS.save}
      disabled={macBlocks}
    >
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
    </PaidLineActionForm>
  );
}
