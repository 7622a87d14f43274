import { hasError, isStaticPix, parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from './payment-messages';
import { packagePricesInputSchema, paymentSettingsInputSchema, priceSchema } from './payments-api';
import { buildPixBrCode, crc16CcittFalse } from './pix-br-code';
import { normalisePixKey } from './pix-key';

/** The EMV fields of a payload, top level: id → value (each value read by its two-digit length). */
function emvFields(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let index = 0; index < payload.length;) {
    const id = payload.slice(index, index + 2);
    const length = Number(payload.slice(index + 2, index + 4));
    fields.set(id, payload.slice(index + 4, index + 4 + length));
    index += 4 + length;
  }
  return fields;
}

describe('the static PIX BR Code (decision 0162)', () => {
  it('CRC16-CCITT-FALSE of the check string is 29B1', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
  });

  it('decodes, with a kept decoder, to the key, the amount, the txid, and a valid CRC', () => {
    const code = buildPixBrCode({
      key: 'revenda@exemplo.com.br',
      amountCents: 2590,
      merchantName: 'João Revendas Ltda',
      merchantCity: 'São Paulo',
      txid: 'PG7K2M9Q4X',
    });
    const decoded = parsePix(code);
    if (hasError(decoded) || !isStaticPix(decoded)) throw new Error(`not a static PIX: ${code}`);
    expect(decoded).toMatchObject({
      pixKey: 'revenda@exemplo.com.br',
      transactionAmount: 25.9,
      txid: 'PG7K2M9Q4X',
      merchantName: 'Joao Revendas Ltda',
      merchantCity: 'Sao Paulo',
      transactionCurrency: '986',
      countryCode: 'BR',
      merchantCategoryCode: '0000',
    });
    const fields = emvFields(code);
    expect([...fields.keys()]).toEqual(['00', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(fields.get('54')).toBe('25.90');
    expect(emvFields(fields.get('26') ?? '').get('00')).toBe('br.gov.bcb.pix');
    expect(emvFields(fields.get('62') ?? '').get('05')).toBe('PG7K2M9Q4X');
    expect(fields.get('63')).toBe(crc16CcittFalse(code.slice(0, -4)));
    // One changed digit breaks the CRC.
    expect(hasError(parsePix(code.replace('25.90', '25.91')))).toBe(true);
  });

  it('cuts the name to 25 and the city to 15 characters', () => {
    const fields = emvFields(
      buildPixBrCode({
        key: '+5511987654321',
        amountCents: 100,
        merchantName: 'Uma Revenda Com Nome Muito Comprido',
        merchantCity: 'Santana do Parnaíba',
        txid: 'A1',
      }),
    );
    expect(fields.get('59')).toBe('Uma Revenda Com Nome Muit');
    expect(fields.get('60')).toBe('Santana do Parn');
  });
});

describe('PIX keys', () => {
  it('normalises CPF, CNPJ, phone, e-mail and random keys; refuses the rest', () => {
    expect(normalisePixKey('529.982.247-25')).toEqual({ kind: 'cpf', key: '52998224725' });
    expect(normalisePixKey('11.222.333/0001-81')).toEqual({ kind: 'cnpj', key: '11222333000181' });
    expect(normalisePixKey('+55 (11) 98765-4321')).toEqual({ kind: 'phone', key: '+5511987654321' });
    expect(normalisePixKey(' Revenda@Exemplo.COM ')).toEqual({ kind: 'email', key: 'revenda@exemplo.com' });
    expect(normalisePixKey('123E4567-E89B-12D3-A456-426614174000')).toEqual({
      kind: 'evp',
      key: '123e4567-e89b-12d3-a456-426614174000',
    });
    for (const wrong of ['', '529.982.247-26', '11111111111', '11987654321', 'revenda@', 'abc']) {
      expect(normalisePixKey(wrong)).toBeUndefined();
    }
  });
});

describe('payment settings and prices', () => {
  const messageOf = (result: {
    success: boolean;
    error?: { issues: { message: string; path: PropertyKey[] }[] };
  }) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('a static PIX needs a valid key, a name and a city; Mercado Pago and none need neither', () => {
    expect(
      messageOf(
        paymentSettingsInputSchema.safeParse({ provider: 'static_pix', pix_key: '123', merchant_name: '' }),
      ),
    ).toEqual([
      ['pix_key', PAYMENT_MESSAGES.pixKeyInvalid],
      ['merchant_name', PAYMENT_MESSAGES.merchantNameInvalid],
      ['merchant_city', PAYMENT_MESSAGES.merchantCityInvalid],
    ]);
    expect(paymentSettingsInputSchema.safeParse({ provider: 'mercadopago' }).success).toBe(true);
    expect(paymentSettingsInputSchema.safeParse({ provider: 'none' }).success).toBe(true);
  });

  it('a price is reais with at most two decimals, above zero and below R$ 100.000', () => {
    expect(priceSchema.parse(' 25.9 ')).toBe('25.9');
    for (const [wrong, message] of [
      ['0', PAYMENT_MESSAGES.priceInvalid],
      ['-1', PAYMENT_MESSAGES.priceInvalid],
      ['1,50', PAYMENT_MESSAGES.priceInvalid],
      ['1.505', PAYMENT_MESSAGES.priceInvalid],
      ['100000', PAYMENT_MESSAGES.priceTooHigh],
    ] as const) {
      expect(priceSchema.safeParse(wrong).error?.issues[0]?.message).toBe(message);
    }
    expect(
      packagePricesInputSchema.safeParse({
        prices: [
          { package_id: 17, price: '10' },
          { package_id: 17, price: null },
        ],
      }).error?.issues[0]?.message,
    ).toBe(PAYMENT_MESSAGES.duplicatePackage);
  });
});
