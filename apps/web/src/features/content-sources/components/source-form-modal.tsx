import { NativeSelect, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  contentSourceInputSchema,
  formatGuideOffset,
  GUIDE_OFFSET_CHOICES,
  type ContentSource,
  type ContentSourceInput,
  type ContentSourceUpdate,
} from '@panel/shared/content-sources/content-sources-api';
import {
  DELIVERY_MODES,
  SOURCE_KINDS,
  type DeliveryMode,
  type SourceKind,
} from '@panel/shared/content/stream-kinds';
import { Dialog } from '@/components/dialog';
import { DialogActions } from '@/components/dialog-actions';
import { ApiError } from '@/lib/api-client';
import { mapError } from '@/lib/map-error';
import { classifySessionFailure } from '@/lib/session-failure';
import { showErrorToast, showSuccessToast } from '@/lib/toasts';
import { CONTENT_MESSAGES } from '@panel/shared/content-sources/content-sources-api';
import { useSaveContentSource } from '../api/save-content-source';
import { CONTENT_TEXTS, DELIVERY_LABELS, SOURCE_KIND_LABELS } from './content-texts';

/** What the form holds: text as typed, turned into the API's shapes on submit. */
export interface SourceFormValues {
  kind: SourceKind;
  name: string;
  url: string;
  username: string;
  password: string;
  xmltv_url: string;
  delivery_mode: DeliveryMode;
  interval: string;
  /** Minutes, as the select's value (decision 0125). */
  guide_offset: string;
}

type FieldName =
  'name' | 'url' | 'username' | 'password' | 'xmltv_url' | 'delivery_mode' | 'interval' | 'guide_offset';
type FieldErrors = Partial<Record<FieldName, string>>;

/** Xtream URLs carry the upstream line's credentials: proxied by default; M3U redirected (decision 0037). */
const DEFAULT_DELIVERY: Record<SourceKind, DeliveryMode> = { xtream: 'proxy', m3u: 'redirect' };

function initialValues(source: ContentSource | undefined): SourceFormValues {
  return {
    kind: source?.kind ?? 'xtream',
    name: source?.name ?? '',
    url: source?.url ?? '',
    username: source?.username ?? '',
    password: '',
    xmltv_url: source?.xmltv_url ?? '',
    delivery_mode: source?.delivery_mode ?? 'proxy',
    interval: source?.sync_interval_minutes ? String(source.sync_interval_minutes) : '',
    guide_offset: String(source?.guide_offset_minutes ?? 0),
  };
}

/** Blank: no interval (manual only); anything else must be a whole number for the shared schema to judge. */
function intervalValue(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The new-source body as typed; the shared schema judges it. */
export function toSourceInput(values: SourceFormValues): ContentSourceInput {
  const common = {
    name: values.name,
    url: values.url,
    delivery_mode: values.delivery_mode,
    sync_interval_minutes: intervalValue(values.interval),
    guide_offset_minutes: Number(values.guide_offset),
  };
  return values.kind === 'xtream'
    ? { kind: 'xtream', ...common, username: values.username, password: values.password }
    : { kind: 'm3u', ...common, xmltv_url: values.xmltv_url.trim() || null };
}

/**
 * Checks the form with the shared schema (the server's own): an edit is checked as the whole source it
 * becomes, a blank password standing for the stored one. Answers the first message of each field.
 */
export function validateSource(values: SourceFormValues, editing: ContentSource | undefined): FieldErrors {
  const keepsPassword = editing?.has_password === true && values.password === '';
  const checked = toSourceInput(keepsPassword ? { ...values, password: 'kept' } : values);
  const result = contentSourceInputSchema.safeParse(checked);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    const field: FieldName | undefined =
      key === 'sync_interval_minutes'
        ? 'interval'
        : key === 'guide_offset_minutes'
          ? 'guide_offset'
          : (key as FieldName | undefined);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The PATCH body: the kind stays; a blank password keeps the stored one. */
export function toSourceUpdate(values: SourceFormValues): ContentSourceUpdate {
  const update: ContentSourceUpdate = {
    name: values.name,
    url: values.url,
    delivery_mode: values.delivery_mode,
    sync_interval_minutes: intervalValue(values.interval),
    guide_offset_minutes: Number(values.guide_offset),
  };
  if (values.kind === 'xtream') {
    update.username = values.username;
    if (values.password !== '') update.password = values.password;
  } else {
    update.xmltv_url = values.xmltv_url.trim() || null;
  }
  return update;
}

const SERVER_FIELDS: Record<string, FieldName> = {
  name: 'name',
  url: 'url',
  username: 'username',
  password: 'password',
  xmltv_url: 'xmltv_url',
  delivery_mode: 'delivery_mode',
  sync_interval_minutes: 'interval',
  guide_offset_minutes: 'guide_offset',
};

interface SourceFormModalProps {
  /** Absent: a new source. */
  source?: ContentSource;
  onClose: () => void;
}

/** New or edit a content source (docs/product/screens.md#content-sources); the kind is chosen once. */
export function SourceFormModal({ source, onClose }: SourceFormModalProps) {
  const [values, setValues] = useState(() => initialValues(source));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveContentSource();
  const set = <K extends keyof SourceFormValues>(key: K, value: SourceFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const chooseKind = (kind: SourceKind) =>
    setValues((current) => ({ ...current, kind, delivery_mode: DEFAULT_DELIVERY[kind] }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateSource(values, source);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const request = source
      ? { id: source.id, input: toSourceUpdate(values) }
      : { input: toSourceInput(values) };
    save.mutate(request, {
      onSuccess: () => {
        showSuccessToast(CONTENT_MESSAGES.sourceSaved);
        onClose();
      },
      onError: (error) => {
        if (classifySessionFailure(error)) return;
        const field = error instanceof ApiError && error.field ? SERVER_FIELDS[error.field] : undefined;
        if (field) setErrors((current) => ({ ...current, [field]: mapError(error).message }));
        else showErrorToast(error);
      },
    });
  };

  const xtream = values.kind === 'xtream';
  return (
    <Dialog
      onClose={onClose}
      title={source ? CONTENT_TEXTS.editTitle(source.name) : CONTENT_TEXTS.newSource}
      testId="content-source-form"
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {source ? (
            <Text size="sm">
              {CONTENT_TEXTS.kind}: <b>{SOURCE_KIND_LABELS[source.kind]}</b>
            </Text>
          ) : (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {CONTENT_TEXTS.kind}
              </Text>
              <SegmentedControl
                value={values.kind}
                onChange={(kind) => chooseKind(kind as SourceKind)}
                data={SOURCE_KINDS.map((kind) => ({ value: kind, label: SOURCE_KIND_LABELS[kind] }))}
                data-testid="content-source-kind"
              />
            </Stack>
          )}
          <TextInput
            label={CONTENT_TEXTS.name}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name}
            withAsterisk
            data-testid="content-source-name"
          />
          <TextInput
            label={xtream ? CONTENT_TEXTS.xtreamUrl : CONTENT_TEXTS.m3uUrl}
            placeholder={xtream ? CONTENT_TEXTS.xtreamUrlPlaceholder : CONTENT_TEXTS.m3uUrlPlaceholder}
            value={values.url}
            onChange={(event) => set('url', event.currentTarget.value)}
            error={errors.url}
            withAsterisk
            data-testid="content-source-url"
          />
          {xtream ? (
            <>
              <TextInput
                label={CONTENT_TEXTS.username}
                value={values.username}
                onChange={(event) => set('username', event.currentTarget.value)}
                error={errors.username}
                withAsterisk
                autoComplete="off"
                data-testid="content-source-username"
              />
              <PasswordInput
                label={CONTENT_TEXTS.password}
                description={source?.has_password ? CONTENT_TEXTS.passwordKeep : undefined}
                value={values.password}
                onChange={(event) => set('password', event.currentTarget.value)}
                error={errors.password}
                withAsterisk={!source?.has_password}
                autoComplete="new-password"
                data-testid="content-source-password"
              />
            </>
          ) : (
            <TextInput
              label={CONTENT_TEXTS.xmltvUrl}
              value={values.xmltv_url}
              onChange={(event) => set('xmltv_url', event.currentTarget.value)}
              error={errors.xmltv_url}
              data-testid="content-source-xmltv"
            />
          )}
          <NativeSelect
            label={CONTENT_TEXTS.deliveryMode}
            description={
              values.delivery_mode === 'proxy' ? CONTENT_TEXTS.deliveryProxy : CONTENT_TEXTS.deliveryRedirect
            }
            value={values.delivery_mode}
            onChange={(event) => set('delivery_mode', event.currentTarget.value as DeliveryMode)}
            error={errors.delivery_mode}
            data={DELIVERY_MODES.map((mode) => ({ value: mode, label: DELIVERY_LABELS[mode] }))}
            data-testid="content-source-delivery"
          />
          <TextInput
            label={CONTENT_TEXTS.interval}
            description={CONTENT_TEXTS.intervalHint}
            inputMode="numeric"
            value={values.interval}
            onChange={(event) => set('interval', event.currentTarget.value)}
            error={errors.interval}
            data-testid="content-source-interval"
          />
          <NativeSelect
            label={CONTENT_TEXTS.guideOffset}
            description={CONTENT_TEXTS.guideOffsetHint}
            value={values.guide_offset}
            onChange={(event) => set('guide_offset', event.currentTarget.value)}
            error={errors.guide_offset}
            data={GUIDE_OFFSET_CHOICES.map((minutes) => ({
              value: String(minutes),
              label: minutes === 0 ? CONTENT_TEXTS.noGuideOffset : formatGuideOffset(minutes),
            }))}
            data-testid="content-source-guide-offset"
          />
          <DialogActions
            onCancel={onClose}
            label={source ? CONTENT_TEXTS.save : CONTENT_TEXTS.create}
            pending={save.isPending}
            testId="content-source-submit"
          />
        </Stack>
      </form>
    </Dialog>
  );
}
