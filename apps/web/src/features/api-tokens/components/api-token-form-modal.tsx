import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import {
  API_TOKEN_EXPIRY_CHOICES,
  API_TOKEN_MESSAGES,
  API_TOKEN_SCOPE_DESCRIPTIONS,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  apiTokenInputSchema,
  type ApiTokenScope,
  type CreatedApiToken,
} from '@panel/shared/api-tokens/api-tokens-api';
import { Dialog } from '@/components/dialog';
import { DialogActions } from '@/components/dialog-actions';
import { ApiError } from '@/lib/api-client';
import { mapError } from '@/lib/map-error';
import { classifySessionFailure } from '@/lib/session-failure';
import { showErrorToast } from '@/lib/toasts';
import { useCreateApiToken } from '../api/create-api-token';
import { API_TOKEN_TEXTS as TEXTS } from './api-token-texts';

type Field = 'name' | 'scopes' | 'expires_in_days' | 'allowed_addresses';
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: readonly string[] = ['name', 'scopes', 'expires_in_days', 'allowed_addresses'];

const NO_EXPIRY = 'none';
const EXPIRY_OPTIONS = API_TOKEN_EXPIRY_CHOICES.map((choice) => ({
  value: choice.days === null ? NO_EXPIRY : String(choice.days),
  label: choice.label,
}));

/** The token just created, shown once with a copy button. */
function TokenOnce({ created, onClose }: { created: CreatedApiToken; onClose: () => void }) {
  return (
    <Stack gap="sm" data-testid="api-token-created">
      <Alert color="yellow">{API_TOKEN_MESSAGES.created}</Alert>
      <Text size="sm">
        {TEXTS.name}: <b>{created.api_token.name}</b>
      </Text>
      <Code block data-testid="api-token-value" style={{ wordBreak: 'break-all' }}>
        {created.token}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={created.token}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              color={copied ? 'teal' : undefined}
              onClick={copy}
              data-testid="api-token-copy"
            >
              {copied ? TEXTS.copied : TEXTS.copy}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onClose} data-testid="api-token-done">
          {TEXTS.done}
        </Button>
      </Group>
    </Stack>
  );
}

/** A new API token: name, scopes, validity and allow-list, checked with the shared schema; then the token, once. */
export function ApiTokenFormModal({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['read']);
  const [expiry, setExpiry] = useState<string>(NO_EXPIRY);
  const [addresses, setAddresses] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const create = useCreateApiToken();

  const onError = (error: unknown) => {
    if (classifySessionFailure(error)) return;
    const field = error instanceof ApiError ? error.field : undefined;
    if (field && FIELDS.includes(field)) setErrors({ [field as Field]: mapError(error).message });
    else showErrorToast(error);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = {
      name,
      scopes,
      expires_in_days: expiry === NO_EXPIRY ? null : Number(expiry),
      allowed_addresses: addresses.split(/[\s,]+/).filter((entry) => entry !== ''),
    };
    const checked = apiTokenInputSchema.safeParse(input);
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as Field | undefined;
        if (field && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    create.mutate(input, { onSuccess: setCreated, onError });
  };

  return (
    <Dialog
      onClose={onClose}
      title={created ? TEXTS.tokenTitle : TEXTS.newToken}
      testId="api-token-form"
      size="lg"
    >
      {created ? (
        <TokenOnce created={created} onClose={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={TEXTS.name}
              placeholder="Cobrança"
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setErrors((current) => ({ ...current, name: undefined }));
              }}
              error={errors.name}
              withAsterisk
              data-testid="api-token-name"
            />
            <Checkbox.Group
              label={TEXTS.scopes}
              value={scopes}
              onChange={(value) => {
                setScopes(API_TOKEN_SCOPES.filter((scope) => value.includes(scope)));
                setErrors((current) => ({ ...current, scopes: undefined }));
              }}
              error={errors.scopes}
              withAsterisk
            >
              <Stack gap={6} mt={4}>
                {API_TOKEN_SCOPES.map((scope) => (
                  <Checkbox
                    key={scope}
                    value={scope}
                    label={API_TOKEN_SCOPE_LABELS[scope]}
                    description={API_TOKEN_SCOPE_DESCRIPTIONS[scope]}
                    data-testid={`api-token-scope-${scope}`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            <Select
              label={TEXTS.validity}
              data={EXPIRY_OPTIONS}
              value={expiry}
              onChange={(value) => setExpiry(value ?? NO_EXPIRY)}
              allowDeselect={false}
              error={errors.expires_in_days}
              data-testid="api-token-expiry"
            />
            <Textarea
              label={TEXTS.addresses}
              description={TEXTS.addressesHint}
              autosize
              minRows={2}
              value={addresses}
              onChange={(event) => {
                setAddresses(event.currentTarget.value);
                setErrors((current) => ({ ...current, allowed_addresses: undefined }));
              }}
              error={errors.allowed_addresses}
              data-testid="api-token-addresses"
            />
            <DialogActions
              onCancel={onClose}
              label={TEXTS.create}
              pending={create.isPending}
              testId="api-token-submit"
            />
          </Stack>
        </form>
      )}
    </Dialog>
  );
}
