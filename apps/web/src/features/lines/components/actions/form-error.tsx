import { Text } from '@mantine/core';

/** The refusal that belongs to the whole form (e.g. 'Créditos insuficientes.'), under its inputs. */
export function FormError({ message, testId }: { message: string | undefined; testId: string }) {
  if (!message) return null;
  return (
    <Text c="red" size="sm" role="alert" data-testid={testId}>
      {message}
    </Text>
  );
}
