import { Group, Text } from '@mantine/core';

/** The product's name, as the README and the sign-in screens say it. */
export const PRODUCT_NAME = 'Painel de Revendas';
/** The logo: a file of the built panel (public/), so a `default-src 'self'` policy serves it. */
export const LOGO_URL = '/logo.svg';

/** Logo and product name, at the top of the sign-in and lock screens. */
export function Brand() {
  return (
    <Group gap="sm" justify="center" wrap="nowrap" data-testid="brand">
      <img src={LOGO_URL} width={40} height={40} alt="" />
      <Text fw={800} size="xl">
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
