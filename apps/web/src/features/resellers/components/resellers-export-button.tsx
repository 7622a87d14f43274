import { ActionIcon, Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useExportResellers, type ResellerExportParams } from '../api/export-resellers';
import { EXPORT_RESELLERS_LABEL } from './reseller-texts';

interface ResellersExportButtonProps {
  /** The list's current filters: the export has every reseller they match, not only the page. */
  filters: ResellerExportParams;
  /** A phone: an icon beside 'Filtros'. */
  compact: boolean;
}

/** 'Exportar CSV' of /resellers (docs/product/screens.md#resellers; decision 0155). */
export function ResellersExportButton({ filters, compact }: ResellersExportButtonProps) {
  const exportResellers = useExportResellers();
  const run = () => exportResellers.mutate(filters);
  return compact ? (
    <ActionIcon
      variant="default"
      size="md"
      aria-label={EXPORT_RESELLERS_LABEL}
      loading={exportResellers.isPending}
      onClick={run}
      data-testid="export-resellers"
    >
      <IconDownload size={14} />
    </ActionIcon>
  ) : (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      loading={exportResellers.isPending}
      onClick={run}
      data-testid="export-resellers"
    >
      {EXPORT_RESELLERS_LABEL}
    </Button>
  );
}
