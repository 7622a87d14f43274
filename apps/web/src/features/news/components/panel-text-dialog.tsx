import { Text, Typography } from '@mantine/core';
import { PANEL_TEXT_TITLES, type PanelTextKey } from '@panel/shared/panel-texts/panel-texts-api';
import { EMPTY_TABLE_TEXT } from '@/components/data-table/footer-text';
import { Dialog } from '@/components/dialog';
import { QueryBody } from '@/components/query-body';
import { SafeRichText } from '@/components/safe-rich-text';
import { usePanelTexts } from '../api/panel-texts';

interface PanelTextDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** A menu dialog showing one of the admin's texts, bold and italic kept (docs/product/screens.md#menu-dialogs). */
function PanelTextDialog({ textKey, opened, onClose }: PanelTextDialogProps & { textKey: PanelTextKey }) {
  const texts = usePanelTexts();
  const testId = `panel-text-dialog-${textKey}`;
  return (
    <Dialog opened={opened} onClose={onClose} title={PANEL_TEXT_TITLES[textKey]} testId={testId} size="lg">
      <QueryBody
        query={texts}
        testId={testId}
        compact
        isEmpty={(rows) => !rows.some((row) => row.key === textKey)}
        empty={<Text>{EMPTY_TABLE_TEXT}</Text>}
      >
        {(rows) => (
          <Typography data-testid={`${testId}-body`} style={{ overflowWrap: 'anywhere' }}>
            <SafeRichText html={rows.find((row) => row.key === textKey)!.body} />
          </Typography>
        )}
      </QueryBody>
    </Dialog>
  );
}

export function ManualDialog(props: PanelTextDialogProps) {
  return <PanelTextDialog textKey="manual" {...props} />;
}

export function ServerRulesDialog(props: PanelTextDialogProps) {
  return <PanelTextDialog textKey="server_rules" {...props} />;
}

export function ResponsibilitiesDialog(props: PanelTextDialogProps) {
  return <PanelTextDialog textKey="responsibilities" {...props} />;
}
