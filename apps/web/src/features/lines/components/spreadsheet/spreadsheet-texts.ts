import type { ImportField } from '@panel/shared/lines/line-import';

/** Texts of /users' spreadsheet menu and import dialog (docs/product/screens.md#users-spreadsheet). */
export const SPREADSHEET_TEXTS = {
  menu: 'Planilha',
  export: 'Exportar CSV',
  import: 'Importar clientes (CSV)',
  title: 'Importar clientes',
  help: 'Envie um arquivo CSV (separado por ";" ou ",") com uma linha de cabeçalho. Colunas lidas: usuario, senha, nome, telefone, mac, vencimento (dd/mm/aaaa), telas, pacote (nome ou número), servico (IPTV, P2P ou Híbrido) e notas; as outras são ignoradas. Usuário e senha vazios são gerados. Com vencimento, paga-se o que falta até ele (dias ÷ 30 × telas); sem vencimento, o pacote por tela. Até 1.000 clientes e 1 MB.',
  fileLabel: 'Arquivo CSV',
  filePlaceholder: 'Escolha o arquivo',
  preview: 'Ver prévia',
  chooseAnother: 'Outro arquivo',
  valid: 'Válidos',
  invalid: 'Com erro',
  total: 'Custo total',
  balance: 'Seu saldo',
  notEnough: 'Créditos insuficientes para importar todos os clientes válidos.',
  generated: '(gerado)',
  done: 'Clientes importados com sucesso',
  created: 'Criados',
  skipped: 'Ignorados',
  charged: 'Cobrado',
  close: 'Fechar',
} as const;

export function importButtonLabel(count: number): string {
  return count === 1 ? 'Importar 1 cliente' : `Importar ${count} clientes`;
}

export const IMPORT_COLUMNS = {
  row: 'Linha',
  username: 'Usuário',
  password: 'Senha',
  status: 'Situação',
  expiry: 'Vencimento',
  screens: 'Telas',
  cost: 'Custo',
  message: 'Mensagem',
} as const;

export const IMPORT_STATUS_LABELS = {
  ok: 'OK',
  error: 'Erro',
  created: 'Criado',
  skipped: 'Ignorado',
} as const;

/** The file's column a refusal is about, as the help text names it. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  username: 'Usuário',
  password: 'Senha',
  full_name: 'Nome',
  as_number: 'Telefone',
  macaddr: 'MAC',
  exp_date: 'Vencimento',
  max_connections: 'Telas',
  package: 'Pacote',
  system: 'Serviço',
  reseller_notes: 'Notas',
};

/** 'Vencimento: A data de vencimento já passou.' */
export function rowMessage(field: ImportField | null, message: string | null): string {
  if (!message) return '';
  return field ? `${IMPORT_FIELD_LABELS[field]}: ${message}` : message;
}
