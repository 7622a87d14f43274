// The words of the bulk actions on /users (docs/product/screens.md#users-bulk-actions).

const count = (value: number) => value.toLocaleString('pt-BR');
const users = (value: number) => `${count(value)} ${value === 1 ? 'usuário' : 'usuários'}`;

export const BULK_TEXTS = {
  selectLine: (username: string) => `Selecionar ${username}`,
  selectPage: 'Selecionar todos desta página',
  selected: (value: number) => `${count(value)} ${value === 1 ? 'selecionado' : 'selecionados'}`,
  selectMatching: (total: number, exact: boolean) =>
    `Selecionar todos os ${exact ? '' : 'mais de '}${count(total)} que correspondem aos filtros`,
  allMatching: (total: number, exact: boolean) =>
    `Todos os ${exact ? '' : 'mais de '}${count(total)} que correspondem aos filtros`,
  clear: 'Limpar seleção',
  actions: 'Ações em massa',
  title: (label: string) => `${label} em massa`,
  lines: users,
  preparing: 'Calculando…',
  takes: (value: number) => `Esta ação inclui ${users(value)}.`,
  capped:
    'Mais de 1.000 usuários correspondem aos filtros: esta ação inclui os primeiros 1.000, na ordem da lista.',
  missing: (value: number) => `${users(value)} da seleção não estão mais disponíveis e ficam de fora.`,
  total: 'Total',
  balance: 'Saldo',
  free: 'Grátis para administradores',
  short: 'O saldo não cobre todos: os usuários sem crédito serão recusados.',
  foreseen: 'Serão recusados',
  confirm: (value: number) => `Confirmar (${users(value)})`,
  convertTrials: 'Converter testes em usuários pagos',
  package: 'Pacote',
  bouquets: 'Bouquets',
  reseller: 'Nova revenda',
  deleteWarning: 'Os usuários serão removidos para sempre, sem reembolso.',
  messageNote:
    'O painel prepara a mensagem de renovação de cada usuário com o link do WhatsApp; envie-as pela lista do resultado.',
  running: (done: number, total: number) => `${count(done)} de ${count(total)}`,
  stop: 'Parar',
  resume: 'Continuar',
  summaryDone: 'Feitos',
  summaryRefused: 'Recusados',
  summaryCancelled: 'Não feitos',
  summaryCharged: 'Créditos gastos',
  download: 'Baixar resultado (CSV)',
  send: 'Enviar',
  close: 'Fechar',
} as const;
