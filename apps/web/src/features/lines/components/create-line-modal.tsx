import {
  Alert,
  Group,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { SYSTEMS, salePackagesFor, type SystemCode } from '@panel/shared/catalog/packages';
import type { CreateLineResult } from '@panel/shared/lines/line-api';
import { typedTvMac } from '@panel/shared/tv-apps/tv-app-mac';
import { TV_APPS_MESSAGES } from '@panel/shared/tv-apps/tv-apps-messages';
import { newLineCents } from '@panel/shared/lines/line-costs';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { formatCredits, toCents } from '@panel/shared/money/credits';
import { Dialog } from '@/components/dialog';
import { DialogActions } from '@/components/dialog-actions';
import { ResellerSelect } from '@/components/reseller-select/reseller-select';
import { useResellerOptions } from '@/components/reseller-select/search-reseller-options';
import { complementSetting, useComplements } from '@/lib/queries/complements-query';
import { useCreateLine, type CreateLineRequest } from '../api/create-line';
import { showLineActionError } from './actions/action-error';
import { FormError } from './actions/form-error';
import { MacField } from './actions/mac-field';
import { priceText } from './actions/price-preview';
import { useMacAvailability } from './actions/use-mac-availability';
import {
  CREATE_LINE_FIELDS,
  emptyCreateLineForm,
  validateCreateLine,
  type CreateLineFormValues,
} from './create-line-form';
import { NEW_USER_LABEL, PRICE_TEXTS } from './line-texts';

const SYSTEM_CHOICES = [
  { value: String(SYSTEMS.iptv), label: 'IPTV' },
  { value: String(SYSTEMS.p2p), label: 'P2P' },
  { value: String(SYSTEMS.hybrid), label: 'Híbrido' },
];

const resolver: Resolver<CreateLineFormValues> = async (values) => {
  const result = validateCreateLine(values);
  if (result.ok) return { values, errors: {} };
  const errors = Object.fromEntries(
    Object.entries(result.errors).map(([field, message]) => [field, { type: 'validate', message }]),
  );
  return { values: {}, errors };
};

interface CreateLineModalProps {
  /**
   * Quick test (docs/product/screens.md#create-flow navigation state `quickTest`): trial and random credentials start on and
   * 'Criar teste' has the focus, so one click (or Enter) creates it.
   */
  quickTest: boolean;
  isAdmin: boolean;
  /** The signed-in account: the owner of the line unless another one of its tree is chosen. */
  caller: { id: number; username: string };
  onClose: () => void;
  onCreated: (result: CreateLineResult, request: CreateLineRequest) => void;
}

/**
 * 'Novo Usuário' (docs/product/screens.md#create-flow, docs/product/rules.md#validation): service, trial, random credentials, package with its
 * price, name and MAC (hybrid), notes, phone and 'Expira às 23:59'. Test ids `create-line-*`.
 */
export function CreateLineModal({ quickTest, isAdmin, caller, onClose, onCreated }: CreateLineModalProps) {
  const { data: complements } = useComplements();
  // The same first page of options the list's reseller filter asked for (cached): anyone besides the
  // caller means an admin or a master, who may create the line for another account (decision 0029).
  const { data: ownerOptions } = useResellerOptions('');
  const choosesOwner = isAdmin || (ownerOptions ?? []).some((option) => option.value !== caller.id);
  const trialsEnabled = complementSetting(complements, 'trial_user_create_enabled') !== 'false';
  const createLine = useCreateLine();
  const {
    control,
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<CreateLineFormValues>({ resolver, defaultValues: emptyCreateLineForm(quickTest) });
  const [system, trial, random, packageId, macaddr] = useWatch({
    control,
    name: ['system', 'trial', 'random', 'package_id', 'macaddr'],
  });
  const trialOn = trial && trialsEnabled;
  const hybrid = system === SYSTEMS.hybrid;
  const mac = useMacAvailability(hybrid ? macaddr : '');

  const packages = complements ? salePackagesFor(system, complements.packages) : [];
  const chosen = packages.find((pkg) => String(pkg.id) === packageId);

  const changeSystem = (next: SystemCode) => {
    setValue('system', next);
    // P2P sells only its own packages (docs/product/entities.md#package): a package of the other list does not carry over.
    const list = complements && salePackagesFor(next, complements.packages);
    if (packageId && !list?.some((pkg) => String(pkg.id) === packageId)) setValue('package_id', null);
  };

  const price = trialOn
    ? PRICE_TEXTS.trialFree
    : chosen
      ? priceText(newLineCents(toCents(chosen.official_credits)), isAdmin)
      : isAdmin
        ? PRICE_TEXTS.adminFree
        : 'Custo: selecione um pacote';

  const submit = handleSubmit((values) => {
    const result = validateCreateLine({ ...values, trial: trialOn });
    if (!result.ok) return;
    createLine.mutate(result.request, {
      onSuccess: (created) => onCreated(created, result.request),
      onError: (error) => {
        showLineActionError(error, CREATE_LINE_FIELDS, setError);
        // The DreamTV playlist needs the line first (docs/product/messages.md): say why it was not added.
        if (result.request.input.dreamtv_mac)
          setError('root.dreamtv', {
            type: 'server',
            message: `${TV_APPS_MESSAGES.createLineFirstTitle} ${TV_APPS_MESSAGES.createLineFirst}`,
          });
      },
    });
  });

  // docs/product/rules.md#mac-address: the confirm button waits for a complete, free MAC.
  const blockedByMac = hybrid && mac.state !== 'free';

  return (
    <Dialog
      onClose={onClose}
      title={trialOn ? 'Novo teste' : NEW_USER_LABEL}
      size="lg"
      testId="create-line-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <div>
            <Text size="sm" fw={500} mb={4}>
              Serviço
            </Text>
            <SegmentedControl
              fullWidth
              data={SYSTEM_CHOICES}
              value={String(system)}
              onChange={(value) => changeSystem(Number(value) as SystemCode)}
              aria-label="Serviço"
              data-testid="create-line-system"
            />
          </div>
          {choosesOwner && (
            <Controller
              control={control}
              name="reseller_id"
              render={({ field }) => (
                <ResellerSelect
                  label="Revenda"
                  valueKind="id"
                  clearable={false}
                  value={field.value ?? String(caller.id)}
                  selectedOption={{ label: caller.username, value: caller.id }}
                  // The caller is the default owner: nothing is sent for it.
                  onChange={(value) => field.onChange(value === String(caller.id) ? null : value)}
                  onBlur={field.onBlur}
                  error={errors.reseller_id?.message}
                  testId="create-line-owner"
                />
              )}
            />
          )}
          <Group gap="lg">
            <Controller
              control={control}
              name="trial"
              render={({ field }) => (
                <Switch
                  label="Teste"
                  checked={trialOn}
                  disabled={!trialsEnabled}
                  onChange={(event) => {
                    const on = event.currentTarget.checked;
                    field.onChange(on);
                    // docs/product/screens.md#create-flow: the 23:59 switch is off (and disabled) while trial is on.
                    if (on) setValue('expire_at_2359', false);
                  }}
                  data-testid="create-line-trial"
                />
              )}
            />
            <Controller
              control={control}
              name="random"
              render={({ field }) => (
                <Switch
                  label="Usuário e senha aleatórios"
                  checked={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  data-testid="create-line-random"
                />
              )}
            />
          </Group>
          {!trialsEnabled && (
            <Alert color="yellow" data-testid="create-line-trials-disabled">
              {LINE_MESSAGES.trialsDisabled}
            </Alert>
          )}
          {!random && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="Usuário"
                autoComplete="off"
                spellCheck={false}
                error={errors.username?.message}
                data-testid="create-line-username"
                {...register('username')}
              />
              <TextInput
                label="Senha"
                autoComplete="off"
                spellCheck={false}
                error={errors.password?.message}
                data-testid="create-line-password"
                {...register('password')}
              />
            </SimpleGrid>
          )}
          {!trialOn && (
            <Controller
              control={control}
              name="package_id"
              render={({ field }) => (
                <NativeSelect
                  label="Pacote"
                  data={[
                    { value: '', label: 'Selecione…' },
                    ...packages.map((pkg) => ({
                      value: String(pkg.id),
                      label: `${pkg.package_name} - ${formatCredits(pkg.official_credits)} créditos`,
                    })),
                  ]}
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(event.currentTarget.value || null)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={errors.package_id?.message}
                  data-testid="create-line-package"
                />
              )}
            />
          )}
          <TextInput
            label={hybrid ? 'Nome do cliente' : 'Nome do cliente (opcional)'}
            required={hybrid}
            autoComplete="off"
            error={errors.full_name?.message}
            data-testid="create-line-full-name"
            {...register('full_name')}
          />
          {hybrid && (
            <Controller
              control={control}
              name="macaddr"
              render={({ field }) => (
                <MacField
                  required
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  availability={mac}
                  error={errors.macaddr?.message}
                  testId="create-line-mac"
                />
              )}
            />
          )}
          {system === SYSTEMS.iptv && (
            <Controller
              control={control}
              name="dreamtv_mac"
              render={({ field }) => (
                <TextInput
                  label="MAC DreamTV (opcional)"
                  placeholder="XX:XX:XX:XX:XX:XX"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={17}
                  value={field.value}
                  onChange={(event) => field.onChange(typedTvMac(event.currentTarget.value))}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={errors.dreamtv_mac?.message}
                  data-testid="create-line-dreamtv-mac"
                />
              )}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Telefone (WhatsApp)"
              placeholder="+55 11 91234-5678"
              type="tel"
              autoComplete="off"
              error={errors.as_number?.message}
              data-testid="create-line-phone"
              {...register('as_number')}
            />
            <Controller
              control={control}
              name="expire_at_2359"
              render={({ field }) => (
                <Switch
                  mt={{ sm: 30 }}
                  label="Expira às 23:59"
                  checked={field.value && !trialOn}
                  disabled={trialOn}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  data-testid="create-line-2359"
                />
              )}
            />
          </SimpleGrid>
          <Textarea
            label="Nota"
            minRows={2}
            error={errors.reseller_notes?.message}
            data-testid="create-line-notes"
            {...register('reseller_notes')}
          />
          {/* The price before confirming (docs/product/costs.md#the-server-computes-every-price: the server charges the same). */}
          <Text fw={700} data-testid="create-line-price">
            {price}
          </Text>
          <FormError message={errors.root?.server?.message} testId="create-line-error" />
          <FormError message={errors.root?.dreamtv?.message} testId="create-line-dreamtv-error" />
          <DialogActions
            onCancel={onClose}
            label={trialOn ? 'Criar teste' : 'Criar'}
            pending={createLine.isPending}
            disabled={blockedByMac}
            autoFocus={quickTest}
            testId="create-line-submit"
          />
        </Stack>
      </form>
    </Dialog>
  );
}
