import { ActionIcon, Button, Menu } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { lazyModal } from '@/components/lazy-modal';
import { useExportLines, type LineExportParams } from '../../api/export-lines';
import { SPREADSHEET_TEXTS } from './spreadsheet-texts';

// The import dialog is fetched when it opens: /users' first download stays the table (P4).
const LineImportDialog = lazyModal(() => import('./line-import-dialog').then((m) => m.LineImportDialog));

interface LinesSpreadsheetMenuProps {
  /** The list's current filters: the export has every line they match, not only the page. */
  filters: LineExportParams;
  /** A phone: the button is an icon, beside 'Filtros', 'Limpeza' and 'Novo'. */
  compact: boolean;
}

/** 'Planilha' of /users (docs/product/screens.md#users-spreadsheet): export the filtered list, import customers. */
export function LinesSpreadsheetMenu({ filters, compact }: LinesSpreadsheetMenuProps) {
  const exportLines = useExportLines();
  const [importOpen, setImportOpen] = useState(false);
  const icon = <IconFileSpreadsheet size={compact ? 14 : 16} />;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          {compact ? (
            <ActionIcon
              variant="default"
              size="md"
              aria-label={SPREADSHEET_TEXTS.menu}
              loading={exportLines.isPending}
              data-testid="spreadsheet-menu"
            >
              {icon}
            </ActionIcon>
          ) : (
            <Button
              variant="default"
              leftSection={icon}
              loading={exportLines.isPending}
              data-testid="spreadsheet-menu"
            >
              {SPREADSHEET_TEXTS.menu}
            </Button>
          )}
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconDownload size={16} />}
            onClick={() => exportLines.mutate(filters)}
            data-testid="export-lines"
          >
            {SPREADSHEET_TEXTS.export}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconUpload size={16} />}
            onClick={() => setImportOpen(true)}
            data-testid="import-lines"
          >
            {SPREADSHEET_TEXTS.import}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {importOpen && <LineImportDialog onClose={() => setImportOpen(false)} />}
    </>
  );
}
