import { Button, Checkbox, Group, Menu, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { BULK_KINDS, BULK_KIND_LABELS, type BulkKind } from '@panel/shared/line-bulk/bulk-api';
import { BULK_TEXTS } from './bulk-texts';
import type { LineSelectionState } from './use-line-selection';

interface BulkToolbarProps {
  selection: LineSelectionState;
  pageIds: readonly number[];
  /** The list's total and whether it is exact ('mais de 1.000'). */
  total: number;
  totalExact: boolean;
  onAction: (kind: BulkKind) => void;
}

/**
 * Above the /users table (docs/product/screens.md#users-bulk-actions): tick this page, widen to every line
 * matching the filters, clear, and the bulk actions menu. Wraps onto several lines on a phone.
 */
export function BulkToolbar({ selection, pageIds, total, totalExact, onAction }: BulkToolbarProps) {
  const byFilters = selection.selection.by === 'filters';
  const count = selection.count(total);
  const ticked = pageIds.filter((id) => selection.isSelected(id)).length;
  const wholePage = pageIds.length > 0 && ticked === pageIds.length;
  const more = wholePage && !byFilters && (total > pageIds.length || !totalExact);
  return (
    <Group gap="xs" wrap="wrap" mb="xs" data-testid="bulk-toolbar">
      <Checkbox
        size="sm"
        label={BULK_TEXTS.selectPage}
        checked={wholePage}
        indeterminate={ticked > 0 && !wholePage}
        disabled={byFilters || pageIds.length === 0}
        onChange={(event) => selection.togglePage(pageIds, event.currentTarget.checked)}
        data-testid="bulk-select-page"
      />
      {count > 0 && (
        <Text size="sm" fw={600} data-testid="bulk-selected-count">
          {byFilters ? BULK_TEXTS.allMatching(total, totalExact) : BULK_TEXTS.selected(count)}
        </Text>
      )}
      {more && (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={selection.selectMatching}
          data-testid="bulk-select-matching"
        >
          {BULK_TEXTS.selectMatching(total, totalExact)}
        </Button>
      )}
      {count > 0 && (
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          onClick={selection.clear}
          data-testid="bulk-clear"
        >
          {BULK_TEXTS.clear}
        </Button>
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            size="compact-sm"
            rightSection={<IconChevronDown size={14} />}
            disabled={count === 0}
            data-testid="bulk-actions-button"
          >
            {BULK_TEXTS.actions}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {BULK_KINDS.map((kind) => (
            <Menu.Item
              key={kind}
              color={kind === 'delete' ? 'red' : undefined}
              onClick={() => onAction(kind)}
              data-testid={`bulk-action-${kind}`}
            >
              {BULK_KIND_LABELS[kind]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
