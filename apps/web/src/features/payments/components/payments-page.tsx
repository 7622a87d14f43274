import { SimpleGrid, Stack, Tabs, Title } from '@mantine/core';
import type { Profile } from '@panel/shared/profile/profile-schema';
import { QueryBody } from '@/components/query-body';
import { useCreditSale } from '../api/get-credit-sale';
import { usePaymentPrices } from '../api/get-payment-prices';
import { usePaymentSettings } from '../api/get-payment-settings';
import { CreditSaleCard } from './credit-sale-card';
import { PaymentAccountCard } from './payment-account-card';
import { PaymentPricesCard } from './payment-prices-card';
import { PAYMENT_TEXTS as TEXTS } from './payment-texts';
import { PaymentsList } from './payments-list';

/**
 * 'Recebimentos': the payment account, the customer prices and the credit sale to the caller's resellers
 * (decision 0183), each loaded and saved on its own.
 */
function PaymentSettingsTab() {
  const settings = usePaymentSettings();
  const prices = usePaymentPrices();
  const sale = useCreditSale();
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <QueryBody query={settings} testId="payment-account" isEmpty={() => false} empty={null} compact>
        {(data) => <PaymentAccountCard settings={data} />}
      </QueryBody>
      <QueryBody query={prices} testId="payment-prices" isEmpty={() => false} empty={null} compact>
        {(data) => <PaymentPricesCard prices={data} />}
      </QueryBody>
      <QueryBody query={sale} testId="credit-sale" isEmpty={() => false} empty={null} compact>
        {(data) => <CreditSaleCard sale={data} />}
      </QueryBody>
    </SimpleGrid>
  );
}

/**
 * /payments (docs/product/screens.md#payments, decision 0160): 'Pagamentos', every charge and what became
 * of it with the period's totals, and 'Recebimentos', how the money reaches the reseller and at what price.
 */
export function PaymentsPage({
  profile,
  tab = 'payments',
}: {
  profile: Profile;
  tab?: 'payments' | 'settings';
}) {
  return (
    <Stack gap="md">
      <Title order={2}>{TEXTS.title}</Title>
      <Tabs defaultValue={tab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="payments" data-testid="payments-tab-list">
            {TEXTS.paymentsTab}
          </Tabs.Tab>
          <Tabs.Tab value="settings" data-testid="payments-tab-settings">
            {TEXTS.settingsTab}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="payments" pt="md">
          <PaymentsList profile={profile} />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <PaymentSettingsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
