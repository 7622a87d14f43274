import { describe, expect, it } from 'vitest';
import { notConfiguredMessage, PROVISIONING_MESSAGES } from './provisioning-messages';
import { provisionedSystemSchema, provisioningRetryBodySchema } from './provisioning-schemas';

describe('provisioning messages', () => {
  it('says plainly, per service, that nothing was sent', () => {
    expect(notConfiguredMessage(2)).toBe(
      'Serviço P2P não configurado neste servidor: nenhuma alteração foi enviada.',
    );
    expect(notConfiguredMessage(3)).toBe(
      'Serviço Híbrido não configurado neste servidor: nenhuma alteração foi enviada.',
    );
  });
});

describe('provisioning schemas', () => {
  it('accepts only the services that live outside the panel', () => {
    expect(provisionedSystemSchema.parse(2)).toBe(2);
    expect(provisionedSystemSchema.parse(3)).toBe(3);
    expect(provisionedSystemSchema.safeParse(1).error?.issues[0]?.message).toBe(
      PROVISIONING_MESSAGES.systemInvalid,
    );
  });

  it('retries both services when the body names none', () => {
    expect(provisioningRetryBodySchema.parse(undefined)).toEqual({});
    expect(provisioningRetryBodySchema.parse({})).toEqual({});
    expect(provisioningRetryBodySchema.parse({ system: 3 })).toEqual({ system: 3 });
    expect(provisioningRetryBodySchema.safeParse({ system: 1 }).success).toBe(false);
  });
});
