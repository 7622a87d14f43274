import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LINE_IMPORT_MESSAGES, type LineImportPreview } from '@panel/shared/lines/line-import';
import { mockApi } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { LineImportDialog } from './line-import-dialog';

const PREVIEW: LineImportPreview = {
  rows: [
    {
      row: 2,
      username: 'joao@um1',
      status: 'ok',
      field: null,
      message: null,
      cost: '2.07',
      exp_date: 1_900_000_000,
      screens: 2,
      package_id: 17,
      system: 1,
    },
    {
      row: 3,
      username: 'Maiusculo',
      status: 'error',
      field: 'username',
      message: 'Não são permitidos caracteres especiais, espaços ou letras maiúsculas',
      cost: '0.00',
      exp_date: null,
      screens: null,
      package_id: null,
      system: null,
    },
  ],
  valid: 1,
  invalid: 1,
  total: '2.07',
  balance: '10.00',
  enough_credits: true,
};

async function chooseFile(user: ReturnType<typeof userEvent.setup>) {
  const input = screen.getByTestId('import-dialog').querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  await user.upload(
    input,
    new File(['usuario;senha\r\njoao@um1;senha@um1'], 'clientes.csv', { type: 'text/csv' }),
  );
}

describe('LineImportDialog (docs/product/screens.md#users-spreadsheet)', () => {
  it('previews the file, imports what the preview said and shows each row’s result', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'POST /users/import/preview': { body: PREVIEW },
      'POST /users/import': {
        body: {
          rows: [
            {
              row: 2,
              status: 'created',
              field: null,
              message: null,
              line_id: 9,
              username: 'joao@um1',
              password: 'senha@um1',
              cost: '2.07',
            },
            {
              row: 3,
              status: 'skipped',
              field: 'username',
              message: PREVIEW.rows[1]?.message,
              line_id: null,
              username: 'Maiusculo',
              password: null,
              cost: '0.00',
            },
          ],
          created: 1,
          skipped: 1,
          charged: '2.07',
          balance: '7.93',
        },
      },
    });
    renderWithProviders(<LineImportDialog onClose={() => {}} />);
    expect(screen.getByTestId('import-preview')).toBeDisabled();
    await chooseFile(user);
    await user.click(screen.getByTestId('import-preview'));
    expect(await screen.findByTestId('import-total')).toHaveTextContent('2,07');
    expect(screen.getByTestId('import-invalid')).toHaveTextContent('1');
    // The refused row comes first, with its column and the creation rule's message.
    const rows = within(screen.getByTestId('import-preview-rows')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Usuário: Não são permitidos caracteres especiais');
    await user.click(screen.getByTestId('import-confirm'));
    expect(await screen.findByTestId('import-created')).toHaveTextContent('1');
    expect(screen.getByTestId('import-balance')).toHaveTextContent('7,93');
    expect(screen.getByTestId('import-result-2')).toHaveTextContent('senha@um1');
    const sent = calls.find((call) => call.path === '/users/import');
    expect(sent?.query.get('expected_total')).toBe('2.07');
    expect(sent?.query.get('expected_lines')).toBe('1');
  });

  it('shows a refused file, and asks for a new preview when the file changed since', async () => {
    const user = userEvent.setup();
    let previews = 0;
    mockApi({
      'POST /users/import/preview': () =>
        ++previews === 1
          ? {
              status: 422,
              body: {
                status: 422,
                code: 'validation_failed',
                field: 'file',
                message: LINE_IMPORT_MESSAGES.noKnownColumn,
              },
            }
          : { body: PREVIEW },
      'POST /users/import': {
        status: 409,
        body: { status: 409, code: 'conflict', message: LINE_IMPORT_MESSAGES.previewChanged },
      },
    });
    renderWithProviders(<LineImportDialog onClose={() => {}} />);
    await chooseFile(user);
    await user.click(screen.getByTestId('import-preview'));
    expect(await screen.findByTestId('import-error')).toHaveTextContent(LINE_IMPORT_MESSAGES.noKnownColumn);
    await user.click(screen.getByTestId('import-preview'));
    await user.click(await screen.findByTestId('import-confirm'));
    expect(await screen.findByTestId('import-error')).toHaveTextContent(LINE_IMPORT_MESSAGES.previewChanged);
    expect(screen.getByTestId('import-preview')).toBeEnabled();
  });
});
