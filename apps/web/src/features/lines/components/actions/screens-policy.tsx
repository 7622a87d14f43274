import { Alert, List, Loader } from '@mantine/core';
import { SCREENS_POLICY_TEXTS, screensPolicyLines } from '@panel/shared/online/screens-policy';
import { LoadFailure } from '@/components/load-failure';
import { useScreensPolicy } from '../../api/get-screens-policy';

/**
 * How screens are counted and freed, as the server applies them (decision 0062): a device is a screen,
 * zapping on it is not another, and how long a stopped device keeps its screen in each delivery mode.
 */
export function ScreensPolicy() {
  const { data, error, isPending, refetch, isRefetching } = useScreensPolicy();
  if (error && !data) {
    return (
      <LoadFailure
        error={error}
        onRetry={() => void refetch()}
        retrying={isRefetching}
        testId="screens-policy-error"
      />
    );
  }
  if (isPending) return <Loader size="xs" data-testid="screens-policy-loading" />;
  return (
    <Alert variant="light" color="blue" title={SCREENS_POLICY_TEXTS.title} data-testid="screens-policy">
      <List size="sm" spacing={4}>
        {screensPolicyLines(data).map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
