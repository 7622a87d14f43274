import { Button, Card, Collapse, Group, Stack, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconFilter, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { NARROW_VIEWPORT_QUERY } from '@/lib/list-state/use-card-mode';

export interface NewItemAction {
  /** Desktop label, e.g. 'Novo revendedor'. */
  label: string;
  /** Shorter mobile label (docs/product/screens.md#shared-table-behaviour: 'Novo' on mobile). */
  mobileLabel?: string;
  onClick: () => void;
  /** `data-testid` of the desktop button; the mobile one gets `{testId}-mobile`. */
  testId: string;
}

interface ListLayoutProps {
  title: string;
  /** Test-id prefix of the layout's own controls (`{testId}-filters-toggle`, `{testId}-filters`). */
  testId: string;
  newItem?: NewItemAction;
  /** More buttons beside the new-item one (e.g. 'Limpeza' of /users), on desktop and mobile. */
  actions?: ReactNode;
  /** The filter inputs; on a narrow screen they fold behind a 'Filtros' button. */
  filters?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of a list screen: title, the new-item button (desktop) or the mobile filter and new-item
 * buttons (docs/product/screens.md#shared-table-behaviour "mobile filter and new-item buttons"), the filters, then the table.
 */
export function ListLayout({ title, testId, newItem, actions, filters, children }: ListLayoutProps) {
  const narrow = useMediaQuery(NARROW_VIEWPORT_QUERY, false, { getInitialValueInEffect: false });
  const [filtersOpen, filtersToggle] = useDisclosure(false);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Title order={2}>{title}</Title>
        {narrow ? (
          <Group gap="xs" wrap="nowrap">
            {filters && (
              <Button
                variant={filtersOpen ? 'filled' : 'default'}
                size="xs"
                leftSection={<IconFilter size={14} />}
                onClick={filtersToggle.toggle}
                aria-expanded={filtersOpen}
                data-testid={`${testId}-filters-toggle`}
              >
                Filtros
              </Button>
            )}
            {actions}
            {newItem && (
              <Button
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={newItem.onClick}
                aria-label={newItem.label}
                data-testid={`${newItem.testId}-mobile`}
              >
                {newItem.mobileLabel ?? 'Novo'}
              </Button>
            )}
          </Group>
        ) : (
          <Group gap="xs" wrap="nowrap">
            {actions}
            {newItem && (
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={newItem.onClick}
                data-testid={newItem.testId}
              >
                {newItem.label}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {filters && (
        <Collapse expanded={!narrow || filtersOpen}>
          <Card withBorder radius="md" p="sm" data-testid={`${testId}-filters`}>
            {filters}
          </Card>
        </Collapse>
      )}
      {children}
    </Stack>
  );
}
