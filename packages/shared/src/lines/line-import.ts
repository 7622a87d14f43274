import { z } from 'zod';
import { SYSTEMS, type SystemCode } from '../catalog/packages';
import { creditsStringSchema } from '../money/credits';
import { systemSchema } from './line-api';

/**
 * Customers brought over from another panel in a spreadsheet (decisions 0156, 0157): the file's limits,
 * its columns, the Portuguese messages and the answers of POST /api/users/import/preview and
 * POST /api/users/import.
 */
export const LINE_IMPORT_LIMITS = {
  /** Customer rows of one file (the header not counted). */
  maxRows: 1_000,
  /** Bytes of one file. */
  maxBytes: 1_048_576,
  /** The latest expiry an imported line may have, in months from today: a typo must not cost a fortune. */
  maxExpiryMonths: 24,
} as const;

export const LINE_IMPORT_MESSAGES = {
  fileRequired: 'Envie um arquivo CSV.',
  fileTooLarge: 'O arquivo passa de 1 MB. Divida a planilha em partes menores.',
  tooManyRows: 'A planilha passa de 1.000 clientes. Divida-a em partes menores.',
  noRows: 'A planilha não tem nenhum cliente.',
  unreadable:
    'Não foi possível ler o arquivo como CSV. Salve a planilha como "CSV (separado por ponto e vírgula)" e tente de novo.',
  noKnownColumn:
    'Nenhuma coluna reconhecida. Use o cabeçalho: usuario;senha;nome;telefone;mac;vencimento;telas;pacote;servico;notas.',
  expiryInvalid: 'Data de vencimento inválida. Use dd/mm/aaaa.',
  expiryPast: 'A data de vencimento já passou.',
  expiryTooFar: 'O vencimento pode ser no máximo 2 anos à frente.',
  screensInvalid: 'Informe somente números',
  usernameRepeated: 'Este nome de usuário se repete na planilha.',
  macRepeated: 'Este MAC address se repete na planilha.',
  nothingToImport: 'Nenhum cliente válido para importar.',
  previewChanged: 'A planilha ou os valores mudaram desde a prévia. Faça a prévia de novo.',
} as const;

/** A column's message when a header names it twice. */
export function duplicateColumnMessage(header: string): string {
  return `A coluna "${header}" aparece duas vezes.`;
}

/** The fields a row may fill, each a column of the file (also the `field` of a row's refusal). */
export const IMPORT_FIELDS = [
  'username',
  'password',
  'full_name',
  'as_number',
  'macaddr',
  'exp_date',
  'max_connections',
  'package',
  'system',
  'reseller_notes',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/**
 * Header names accepted for each field, written without accents, spaces or punctuation (see importFieldOf):
 * Portuguese, English, this panel's own export ('Expira em', 'Plano', 'Cliente', 'Nota') and the API's names.
 */
const COLUMN_NAMES: Record<ImportField, readonly string[]> = {
  username: ['usuario', 'username', 'user', 'login'],
  password: ['senha', 'password', 'pass'],
  full_name: ['nome', 'cliente', 'name', 'fullname', 'nomecompleto'],
  as_number: ['telefone', 'phone', 'celular', 'whatsapp', 'asnumber'],
  macaddr: ['mac', 'macaddr', 'macaddress', 'enderecomac'],
  exp_date: ['vencimento', 'expiraem', 'expira', 'validade', 'expiry', 'expiration', 'expdate', 'expires'],
  max_connections: ['telas', 'screens', 'conexoes', 'maxconnections', 'connections'],
  package: ['pacote', 'plano', 'package', 'plan', 'packageid'],
  system: ['servico', 'service', 'sistema', 'system'],
  reseller_notes: ['notas', 'nota', 'observacoes', 'observacao', 'obs', 'notes', 'note', 'resellernotes'],
};

const FIELD_BY_NAME = new Map<string, ImportField>(
  IMPORT_FIELDS.flatMap((field) => COLUMN_NAMES[field].map((name) => [name, field] as const)),
);

/** The field a header cell names, or undefined (a column the import ignores, such as 'Status' of an export). */
export function importFieldOf(header: string): ImportField | undefined {
  const key = header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return FIELD_BY_NAME.get(key);
}

export interface SpreadsheetDate {
  /** 'YYYY-MM-DD'. */
  date: string;
  /** The time written with it, else none (the line then expires at 23:59:59 of that day). */
  time?: { hours: number; minutes: number; seconds: number };
}

/**
 * A date as spreadsheets write it: 'dd/mm/aaaa' (Brazil), optionally with 'hh:mm' or 'hh:mm:ss' (this
 * panel's export), or 'aaaa-mm-dd' (ISO). Null when it is none of them or no such day exists.
 */
export function parseSpreadsheetDate(text: string): SpreadsheetDate | null {
  const trimmed = text.trim();
  const brazilian = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(
    trimmed,
  );
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(trimmed);
  const parts = brazilian
    ? { day: brazilian[1], month: brazilian[2], year: brazilian[3], clock: brazilian.slice(4) }
    : iso
      ? { day: iso[3], month: iso[2], year: iso[1], clock: iso.slice(4) }
      : null;
  if (!parts) return null;
  const [year, month, day] = [Number(parts.year), Number(parts.month), Number(parts.day)];
  const stamp = Date.UTC(year, month - 1, day);
  const check = new Date(stamp);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return null;
  const date = check.toISOString().slice(0, 10);
  const [hours, minutes, seconds] = parts.clock;
  if (hours === undefined) return { date };
  const time = { hours: Number(hours), minutes: Number(minutes), seconds: Number(seconds ?? 0) };
  if (time.hours > 23 || time.minutes > 59 || time.seconds > 59) return null;
  return { date, time };
}

/** The service column: empty is IPTV; IPTV, P2P, Híbrido (or hybrid) or their codes 1, 2, 3; else null. */
export function parseSpreadsheetSystem(text: string): SystemCode | null {
  const key = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
  if (key === '' || key === 'iptv' || key === '1') return SYSTEMS.iptv;
  if (key === 'p2p' || key === '2') return SYSTEMS.p2p;
  if (key === 'hibrido' || key === 'hybrid' || key === '3') return SYSTEMS.hybrid;
  return null;
}

/** One row of the preview: what it will create and cost, or why it will not. `row` is its line in the file. */
export const lineImportPreviewRowSchema = z.object({
  row: z.number().int(),
  username: z.string().nullable(),
  status: z.enum(['ok', 'error']),
  field: z.enum(IMPORT_FIELDS).nullable(),
  message: z.string().nullable(),
  /** What this row will charge the caller (admins: 0). */
  cost: creditsStringSchema,
  exp_date: z.number().int().nullable(),
  screens: z.number().int().nullable(),
  package_id: z.number().int().nullable(),
  system: systemSchema.nullable(),
});
export type LineImportPreviewRow = z.infer<typeof lineImportPreviewRowSchema>;

export const lineImportPreviewSchema = z.object({
  rows: z.array(lineImportPreviewRowSchema),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** The sum of the valid rows' costs: exactly what the import will charge. */
  total: creditsStringSchema,
  balance: creditsStringSchema,
  enough_credits: z.boolean(),
});
export type LineImportPreview = z.infer<typeof lineImportPreviewSchema>;

/**
 * POST /api/users/import?expected_total=…&expected_lines=…: the preview's total and count of valid rows;
 * when the file checked again gives others, nothing is imported (decision 0157).
 */
export const lineImportQuerySchema = z.object({
  expected_total: creditsStringSchema.refine((value) => !value.startsWith('-'), 'Valor inválido'),
  expected_lines: z.coerce
    .number({ error: 'Quantidade inválida' })
    .int('Quantidade inválida')
    .min(0, 'Quantidade inválida')
    .max(LINE_IMPORT_LIMITS.maxRows, 'Quantidade inválida'),
});

export const lineImportResultRowSchema = z.object({
  row: z.number().int(),
  status: z.enum(['created', 'skipped']),
  field: z.enum(IMPORT_FIELDS).nullable(),
  message: z.string().nullable(),
  line_id: z.number().int().nullable(),
  username: z.string().nullable(),
  /** The line's password (random when the row left both credentials empty); null for a skipped row. */
  password: z.string().nullable(),
  cost: creditsStringSchema,
});
export type LineImportResultRow = z.infer<typeof lineImportResultRowSchema>;

export const lineImportResultSchema = z.object({
  rows: z.array(lineImportResultRowSchema),
  created: z.number().int(),
  skipped: z.number().int(),
  charged: creditsStringSchema,
  balance: creditsStringSchema,
});
export type LineImportResult = z.infer<typeof lineImportResultSchema>;
