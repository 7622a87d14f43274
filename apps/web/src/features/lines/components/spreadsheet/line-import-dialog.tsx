import { Alert, Button, FileInput, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import type { LineImportPreview, LineImportResult } from '@panel/shared/lines/line-import';
import { formatCredits } from '@panel/shared/money/credits';
import { Dialog } from '@/components/dialog';
import { DialogActions } from '@/components/dialog-actions';
import { ApiError } from '@/lib/api-client';
import { mapError } from '@/lib/map-error';
import { classifySessionFailure } from '@/lib/session-failure';
import { showSuccessToast } from '@/lib/toasts';
import { useImportLines } from '../../api/import-lines';
import { usePreviewLineImport } from '../../api/preview-line-import';
import { PreviewRowsTable, ResultRowsTable } from './import-rows-table';
import { importButtonLabel, SPREADSHEET_TEXTS } from './spreadsheet-texts';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** A failure the dialog shows itself; a lost session is the global handler's (lock or login screen). */
function errorText(error: unknown): string | null {
  return error && !classifySessionFailure(error) ? mapError(error).message : null;
}

/**
 * 'Importar clientes' (test id `import-dialog`; decisions 0156, 0157): choose a CSV, read the server's
 * preview of every row and the total it will charge, import, then read each row's result.
 */
export function LineImportDialog({ onClose }: { onClose: () => void }) {
  const previewRequest = usePreviewLineImport();
  const importRequest = useImportLines();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<LineImportPreview | null>(null);
  const [result, setResult] = useState<LineImportResult | null>(null);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    previewRequest.reset();
    importRequest.reset();
  };

  const askPreview = () => {
    if (file) previewRequest.mutate(file, { onSuccess: setPreview });
  };

  const runImport = () => {
    if (!file || !preview) return;
    importRequest.mutate(
      { file, expectedTotal: preview.total, expectedLines: preview.valid },
      {
        onSuccess: (done) => {
          setResult(done);
          showSuccessToast(SPREADSHEET_TEXTS.done);
        },
        // The file or the prices changed since the preview: the next step is a new preview.
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'conflict') setPreview(null);
        },
      },
    );
  };

  const failure = errorText(previewRequest.error) ?? errorText(importRequest.error);

  return (
    <Dialog onClose={onClose} title={SPREADSHEET_TEXTS.title} testId="import-dialog" size="xl">
      {result ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Figure
              label={SPREADSHEET_TEXTS.created}
              value={String(result.created)}
              testId="import-created"
            />
            <Figure
              label={SPREADSHEET_TEXTS.skipped}
              value={String(result.skipped)}
              testId="import-skipped"
            />
            <Figure
              label={SPREADSHEET_TEXTS.charged}
              value={formatCredits(result.charged)}
              testId="import-charged"
            />
            <Figure
              label={SPREADSHEET_TEXTS.balance}
              value={formatCredits(result.balance)}
              testId="import-balance"
            />
          </SimpleGrid>
          <ResultRowsTable rows={result.rows} />
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="import-close">
              {SPREADSHEET_TEXTS.close}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {SPREADSHEET_TEXTS.help}
          </Text>
          <FileInput
            label={SPREADSHEET_TEXTS.fileLabel}
            placeholder={SPREADSHEET_TEXTS.filePlaceholder}
            accept=".csv,text/csv"
            leftSection={<IconFileSpreadsheet size={16} />}
            value={file}
            onChange={choose}
            clearable
            data-testid="import-file"
          />
          {failure && (
            <Alert color="red" role="alert" data-testid="import-error">
              {failure}
            </Alert>
          )}
          {preview && (
            <>
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                <Figure label={SPREADSHEET_TEXTS.valid} value={String(preview.valid)} testId="import-valid" />
                <Figure
                  label={SPREADSHEET_TEXTS.invalid}
                  value={String(preview.invalid)}
                  testId="import-invalid"
                />
                <Figure
                  label={SPREADSHEET_TEXTS.total}
                  value={formatCredits(preview.total)}
                  testId="import-total"
                />
                <Figure
                  label={SPREADSHEET_TEXTS.balance}
                  value={formatCredits(preview.balance)}
                  testId="import-balance"
                />
              </SimpleGrid>
              {!preview.enough_credits && (
                <Alert color="yellow" data-testid="import-not-enough">
                  {SPREADSHEET_TEXTS.notEnough}
                </Alert>
              )}
              <PreviewRowsTable rows={preview.rows} />
            </>
          )}
          {preview ? (
            <DialogActions
              onCancel={onClose}
              onConfirm={runImport}
              label={importButtonLabel(preview.valid)}
              pending={importRequest.isPending}
              disabled={preview.valid === 0 || !preview.enough_credits}
              testId="import-confirm"
            />
          ) : (
            <DialogActions
              onCancel={onClose}
              onConfirm={askPreview}
              label={SPREADSHEET_TEXTS.preview}
              pending={previewRequest.isPending}
              disabled={!file}
              testId="import-preview"
            />
          )}
        </Stack>
      )}
    </Dialog>
  );
}
