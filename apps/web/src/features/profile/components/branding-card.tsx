import { Button, ColorInput, FileButton, Group, Image, Input, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  BRAND_LOGO_MAX_BYTES,
  BRAND_LOGO_TYPES,
  brandingInputSchema,
  DEFAULT_BRAND_COLOR,
  type Branding,
  type BrandingInput,
} from '@panel/shared/customer-page/customer-page-api';
import { BRANDING_MESSAGES as TEXTS } from '@panel/shared/customer-page/branding-messages';
import { CUSTOMER_PAGE_MESSAGES } from '@panel/shared/customer-page/customer-page-messages';
import { fieldErrorsOf, serverFieldError } from '@/lib/field-errors';
import { copyText } from '@/lib/copy-text';
import { showCopiedToast, showErrorToast, showSuccessToast } from '@/lib/toasts';
import { useBranding, useSaveBranding } from '../api/branding';
import { SettingsCard } from './settings-card';

type Field = 'name' | 'color' | 'whatsapp' | 'logo';
const FIELDS: readonly Field[] = ['name', 'color', 'whatsapp', 'logo'];

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

function BrandingForm({ branding }: { branding: Branding }) {
  const save = useSaveBranding();
  const [name, setName] = useState(branding.name);
  const [color, setColor] = useState(branding.color);
  const [whatsapp, setWhatsapp] = useState(branding.whatsapp);
  // undefined: the stored logo stays; null: removed; a data URL: the new one.
  const [logo, setLogo] = useState<string | null | undefined>(undefined);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const preview = logo === undefined ? branding.logo_url : logo;

  const pick = (file: File | null) => {
    if (!file) return;
    const type = file.type as (typeof BRAND_LOGO_TYPES)[number];
    if (!BRAND_LOGO_TYPES.includes(type) || file.size > BRAND_LOGO_MAX_BYTES) {
      setErrors((current) => ({ ...current, logo: CUSTOMER_PAGE_MESSAGES.brandLogoInvalid }));
      return;
    }
    readDataUrl(file).then((url) => {
      setLogo(url);
      setErrors((current) => ({ ...current, logo: undefined }));
    }, showErrorToast);
  };

  const submit = () => {
    const input: BrandingInput = { name, color, whatsapp, ...(logo === undefined ? {} : { logo }) };
    const parsed = brandingInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutateAsync(input).then(
      (saved) => {
        setLogo(undefined);
        setWhatsapp(saved.whatsapp);
        setColor(saved.color);
        showSuccessToast(CUSTOMER_PAGE_MESSAGES.brandingSaved);
      },
      (failure: unknown) => {
        const fieldError = serverFieldError(failure, FIELDS);
        if (fieldError) setErrors(fieldError);
      },
    );
  };

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          label={TEXTS.address}
          description={TEXTS.addressHint}
          value={branding.customer_page_url}
          readOnly
          style={{ flex: 1, minWidth: 240 }}
          data-testid="branding-address"
        />
        <Button
          variant="default"
          onClick={() => void copyText(branding.customer_page_url).then(showCopiedToast, showErrorToast)}
          data-testid="branding-copy"
        >
          {TEXTS.copy}
        </Button>
      </Group>
      <TextInput
        label={TEXTS.name}
        description={TEXTS.nameHint}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={errors.name}
        maw={420}
        data-testid="branding-name"
      />
      <ColorInput
        label={TEXTS.color}
        description={TEXTS.colorHint}
        placeholder={DEFAULT_BRAND_COLOR}
        format="hex"
        value={color}
        onChange={setColor}
        error={errors.color}
        maw={240}
        data-testid="branding-color"
      />
      <TextInput
        label={TEXTS.whatsapp}
        description={TEXTS.whatsappHint}
        placeholder="(11) 98765-4321"
        inputMode="tel"
        value={whatsapp}
        onChange={(event) => setWhatsapp(event.currentTarget.value)}
        error={errors.whatsapp}
        maw={320}
        data-testid="branding-whatsapp"
      />
      <Input.Wrapper label={TEXTS.logo} description={TEXTS.logoHint} error={errors.logo}>
        <Group gap="sm" mt={4}>
          {preview ? (
            <Image src={preview} alt={TEXTS.logo} h={56} w="auto" fit="contain" data-testid="branding-logo" />
          ) : (
            <Text size="sm" c="dimmed">
              {TEXTS.noLogo}
            </Text>
          )}
          <FileButton onChange={pick} accept={BRAND_LOGO_TYPES.join(',')}>
            {(props) => (
              <Button variant="default" {...props} data-testid="branding-choose-logo">
                {TEXTS.chooseLogo}
              </Button>
            )}
          </FileButton>
          {preview ? (
            <Button
              variant="subtle"
              color="red"
              onClick={() => setLogo(null)}
              data-testid="branding-remove-logo"
            >
              {TEXTS.removeLogo}
            </Button>
          ) : null}
        </Group>
      </Input.Wrapper>
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending} data-testid="branding-save">
          {TEXTS.save}
        </Button>
      </Group>
    </Stack>
  );
}

/** The profile's 'Página do cliente' (decision 0178): how the reseller's customer page looks, and where it is. */
export function BrandingCard() {
  return (
    <SettingsCard title={TEXTS.title} intro={TEXTS.intro} testId="branding-card" query={useBranding()}>
      {(branding) => <BrandingForm branding={branding} />}
    </SettingsCard>
  );
}
