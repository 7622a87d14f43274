import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Whether a webhook notification comes from Mercado Pago (decision 0166): its `x-signature` header is
 * `ts=<seconds>,v1=<hex>`, the HMAC-SHA256 under the reseller's webhook secret of the manifest
 * `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` (an alphanumeric data.id in lower case). Nothing of the
 * body is trusted beyond the id: the payment's state is asked of Mercado Pago afterwards.
 */
export function isMercadoPagoSignature(input: {
  secret: string;
  signatureHeader: string | undefined;
  requestId: string | undefined;
  dataId: string;
}): boolean {
  if (!input.signatureHeader || !input.requestId) return false;
  const parts = new Map<string, string>();
  for (const part of input.signatureHeader.split(',')) {
    const [key, ...value] = part.split('=');
    if (key && value.length > 0) parts.set(key.trim(), value.join('=').trim());
  }
  const ts = parts.get('ts');
  const v1 = parts.get('v1');
  if (!ts || !v1 || !/^\d{1,16}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return false;
  const id = /^[a-z0-9]+$/i.test(input.dataId) ? input.dataId.toLowerCase() : input.dataId;
  const manifest = `id:${id};request-id:${input.requestId};ts:${ts};`;
  const expected = createHmac('sha256', input.secret).update(manifest).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}
