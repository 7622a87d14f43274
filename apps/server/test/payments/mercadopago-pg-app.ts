import { afterAll, beforeAll, expect } from 'vitest';
import type { CallerApi } from '../api';
import { startTestApp, type TestApp } from '../test-app';
import { freePort, startFakeMercadoPago, type FakeMercadoPago } from './fake-mercadopago';

/**
 * The payment files that need real concurrency run only on PostgreSQL (`node scripts/test-pg.mjs <file>`):
 * PGlite runs one statement at a time, so three notifications "at once" would only take turns there.
 */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * A test app that listens (Mercado Pago notifies it over HTTP) beside a fake Mercado Pago, both started in
 * `beforeAll` and closed in `afterAll` when the file runs on PostgreSQL. `name` makes the account's
 * token and webhook secret; the payments' worker is kept quiet so only the notifications confirm.
 */
export function useMercadoPagoApp(name: string, config: Record<string, string> = {}) {
  const accessToken = `APP_USR-${name}`;
  const webhookSecret = `segredo-${name}`;
  let testApp: TestApp | undefined;
  let fake: FakeMercadoPago | undefined;
  beforeAll(async () => {
    if (!onPostgres) return;
    fake = await startFakeMercadoPago({ accessToken, webhookSecret });
    const port = await freePort();
    testApp = await startTestApp({
      MERCADOPAGO_API_URL: fake.url,
      PAYMENT_NOTIFICATION_BASE_URL: `http://127.0.0.1:${port}`,
      PAYMENTS_POLL_MS: '3600000',
      ...config,
    });
    await testApp.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await testApp?.close();
    await fake?.close();
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the app starts only on PostgreSQL');
    return value;
  };

  return {
    app: () => started(testApp).app,
    fake: () => started(fake),
    /** Connects the caller's payment account to the fake Mercado Pago. */
    async connect(api: CallerApi): Promise<void> {
      const saved = await api.put('/api/payments/settings', {
        provider: 'mercadopago',
        mercadopago_access_token: accessToken,
        mercadopago_webhook_secret: webhookSecret,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    },
    /** Mercado Pago's id of the payment the panel created with this reference. */
    providerIdOf(reference: string): string {
      const id = [...started(fake).payments.values()].find(
        (entry) => entry.external_reference === reference,
      )?.id;
      if (!id) throw new Error('Mercado Pago has no payment');
      return id;
    },
  };
}
