import {
  Alert,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDeviceFloppy, IconPlugConnected, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import {
  isTwoFactorLevel,
  TWO_FACTOR_LEVEL_LABELS,
  TWO_FACTOR_REQUIRED_LEVELS,
} from '@panel/shared/auth/two-factor-policy';
import type { PanelSettingKey } from '@panel/shared/settings/panel-settings';
import {
  PANEL_SETTINGS_MESSAGES,
  panelSettingsUpdateSchema,
  type PanelSettings,
} from '@panel/shared/settings/panel-settings-api';
import { EXTERNAL_PANEL_MESSAGES, type ExternalPanelStatus } from '@panel/shared/settings/external-panel';
import { QueryBody } from '@/components/query-body';
import { ApiError } from '@/lib/api-client';
import { formatIsoDateTime } from '@/lib/format-date';
import { classifySessionFailure } from '@/lib/session-failure';
import { showErrorToast, showSuccessToast } from '@/lib/toasts';
import { useExternalPanelStatus } from '../api/get-external-panel-status';
import { useRetryExternalPanel } from '../api/retry-external-panel';
import { usePanelSettings } from '../api/get-panel-settings';
import { useSavePanelSettings } from '../api/save-panel-settings';
import { ADMIN_SWITCHES, OTHER_SWITCHES, PANEL_SETTINGS_TEXTS as TEXTS } from './panel-settings-texts';

type Save = ReturnType<typeof useSavePanelSettings>;
type FlagKey = (typeof ADMIN_SWITCHES)[number] | (typeof OTHER_SWITCHES)[number];

/** While a change is in flight the switch shows the asked value; a refusal puts the stored one back. */
function shownValue(settings: PanelSettings, save: Save, key: PanelSettingKey): string {
  const asked = save.isPending ? save.variables[key] : undefined;
  return asked ?? settings[key];
}

function SettingSwitch({ settings, save, name }: { settings: PanelSettings; save: Save; name: FlagKey }) {
  const text = TEXTS.switches[name];
  return (
    <Switch
      size="md"
      label={text.label}
      description={text.description}
      checked={shownValue(settings, save, name) === 'true'}
      disabled={save.isPending}
      onChange={(event) => {
        const value = event.currentTarget.checked ? 'true' : 'false';
        save.mutate(
          { [name]: value },
          {
            onSuccess: () => showSuccessToast(PANEL_SETTINGS_MESSAGES.saved),
            onError: (failure) => {
              if (!classifySessionFailure(failure)) showErrorToast(failure);
            },
          },
        );
      }}
      data-testid={`panel-setting-${name}`}
    />
  );
}

/** Who must use two-factor sign-in (decision 0132), saved as soon as it is chosen. */
function TwoFactorLevelSelect({ settings, save }: { settings: PanelSettings; save: Save }) {
  return (
    <Select
      label={TEXTS.twoFactor}
      description={TEXTS.twoFactorDescription}
      data={TWO_FACTOR_REQUIRED_LEVELS.map((level) => ({
        value: level,
        label: TWO_FACTOR_LEVEL_LABELS[level],
      }))}
      value={shownValue(settings, save, 'two_factor_required')}
      allowDeselect={false}
      disabled={save.isPending}
      maw={420}
      onChange={(value) => {
        if (!value || !isTwoFactorLevel(value)) return;
        save.mutate(
          { two_factor_required: value },
          {
            onSuccess: () => showSuccessToast(PANEL_SETTINGS_MESSAGES.saved),
            onError: (failure) => {
              if (!classifySessionFailure(failure)) showErrorToast(failure);
            },
          },
        );
      }}
      data-testid="panel-setting-two_factor_required"
    />
  );
}

function MainDomainForm({ settings, save }: { settings: PanelSettings; save: Save }) {
  const [value, setValue] = useState(settings.main_domain);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = panelSettingsUpdateSchema.safeParse({ main_domain: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? PANEL_SETTINGS_MESSAGES.hostInvalid);
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setValue(saved.main_domain);
        showSuccessToast(PANEL_SETTINGS_MESSAGES.saved);
      },
      onError: (failure) => {
        if (classifySessionFailure(failure)) return;
        if (failure instanceof ApiError && failure.field === 'main_domain') setError(failure.message);
        else showErrorToast(failure);
      },
    });
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label={TEXTS.mainDomain}
          description={TEXTS.mainDomainDescription}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          style={{ flex: 1 }}
          maw={420}
          data-testid="panel-setting-main_domain"
        />
        <Button
          type="submit"
          mt={42}
          leftSection={<IconDeviceFloppy size={16} />}
          loading={save.isPending && save.variables.main_domain !== undefined}
          disabled={save.isPending}
          data-testid="panel-setting-main_domain-save"
        >
          {TEXTS.save}
        </Button>
      </Group>
    </form>
  );
}

/** Failed changes also hold back their subject's newer ones: this is how synchronisation resumes (0061). */
function RetryFailedButton() {
  const retry = useRetryExternalPanel();
  return (
    <Group mt={6}>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconRefresh size={14} />}
        loading={retry.isPending}
        onClick={() =>
          retry.mutate(undefined, {
            onSuccess: ({ retried }) => showSuccessToast(EXTERNAL_PANEL_MESSAGES.retried(retried)),
            onError: (failure) => {
              if (!classifySessionFailure(failure)) showErrorToast(failure);
            },
          })
        }
        data-testid="external-panel-retry"
      >
        {TEXTS.retryFailed}
      </Button>
    </Group>
  );
}

function ExternalPanelState({ status }: { status: ExternalPanelStatus }) {
  if (!status.configured) {
    return (
      <Alert color="yellow" title={TEXTS.externalPanel} data-testid="external-panel-status">
        {status.message}
      </Alert>
    );
  }
  return (
    <Alert
      color="blue"
      icon={<IconPlugConnected size={18} />}
      title={TEXTS.externalPanel}
      data-testid="external-panel-status"
    >
      <Stack gap={2}>
        <Text size="sm">{TEXTS.externalHost(status.host ?? '')}</Text>
        <Text size="sm" data-testid="external-panel-counts">
          {TEXTS.pending}: {status.pending} · {TEXTS.failed}: {status.failed} · {TEXTS.lastDelivered}:{' '}
          {status.last_delivered_at ? formatIsoDateTime(status.last_delivered_at) : TEXTS.never}
        </Text>
        {status.last_error && (
          <Text size="sm" c="red">
            {TEXTS.lastError}: {status.last_error}
          </Text>
        )}
        {status.failed > 0 && <RetryFailedButton />}
      </Stack>
    </Alert>
  );
}

function SettingsForm({ settings }: { settings: PanelSettings }) {
  const save = useSavePanelSettings();
  const external = useExternalPanelStatus();
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Card withBorder radius="md" p="lg" data-testid="panel-settings-admin">
        <Stack gap="md">
          <Title order={4}>{TEXTS.adminSection}</Title>
          {ADMIN_SWITCHES.map((name) => (
            <SettingSwitch key={name} settings={settings} save={save} name={name} />
          ))}
          <TwoFactorLevelSelect settings={settings} save={save} />
          <QueryBody query={external} testId="external-panel" compact isEmpty={() => false} empty={null}>
            {(status) => <ExternalPanelState status={status} />}
          </QueryBody>
        </Stack>
      </Card>
      <Card withBorder radius="md" p="lg" data-testid="panel-settings-other">
        <Stack gap="md">
          <Title order={4}>{TEXTS.otherSection}</Title>
          {OTHER_SWITCHES.map((name) => (
            <SettingSwitch key={name} settings={settings} save={save} name={name} />
          ))}
          <MainDomainForm key={settings.main_domain} settings={settings} save={save} />
        </Stack>
      </Card>
    </SimpleGrid>
  );
}

/**
 * /admin/settings (admin only; docs/product/screens.md#panel-settings, decision 0060): each switch is saved
 * as soon as it is flipped ('Configuração alterada com sucesso!'; a refusal puts it back and says why),
 * the main domain with 'Salvar'; the external panel's state under the synchronisation switches.
 */
export function PanelSettingsPage() {
  const settings = usePanelSettings();
  return (
    <Stack gap="md">
      <Title order={2}>{TEXTS.title}</Title>
      <QueryBody query={settings} testId="panel-settings" isEmpty={() => false} empty={null}>
        {(data) => <SettingsForm settings={data} />}
      </QueryBody>
    </Stack>
  );
}
