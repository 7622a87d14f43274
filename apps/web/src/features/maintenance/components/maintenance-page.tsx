import { Center, Stack, ThemeIcon, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';

export function MaintenancePage() {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md">
        <ThemeIcon size={72} radius="xl" variant="light">
          <IconTool size={40} />
        </ThemeIcon>
        <Title order={2} ta="center">
          Plataforma em manutenção
        </Title>
      </Stack>
    </Center>
  );
}
