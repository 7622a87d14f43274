import { FIELD_MESSAGES } from '../validation/field-messages';

/** Every text of PIX payments the server answers and the panel shows (decisions 0160–0166). */
export const PAYMENT_MESSAGES = {
  required: FIELD_MESSAGES.required,
  pixKeyInvalid: 'Chave PIX inválida. Use CPF, CNPJ, e-mail, celular com +55 ou chave aleatória.',
  merchantNameInvalid: 'Informe o nome de quem recebe, com até 25 letras ou números.',
  merchantCityInvalid: 'Informe a cidade de quem recebe, com até 15 letras ou números.',
  accessTokenRequired: 'Informe o access token do Mercado Pago.',
  webhookSecretRequired: 'Informe a assinatura secreta das notificações do Mercado Pago.',
  secretTooLong: 'Máximo de 256 caracteres',
  priceInvalid: 'Informe o preço em reais, maior que zero e com até 2 casas decimais.',
  priceTooHigh: 'O preço máximo é R$ 99.999,99.',
  packageNotForSale: 'Este pacote não pode ser vendido nas renovações.',
  duplicatePackage: 'Cada pacote aparece uma vez só.',
  notConfigured: 'Configure seus recebimentos (PIX ou Mercado Pago) em Recebimentos antes de cobrar.',
  noPriceForPackage: 'Este pacote não tem preço para o cliente. Defina o preço em Recebimentos.',
  notOwnLine:
    'Só é possível cobrar por PIX os usuários da sua própria conta: o dinheiro vai para quem vende.',
  providerUnavailable: 'O Mercado Pago não respondeu. Tente novamente em instantes.',
  providerRefused: 'O Mercado Pago recusou a cobrança. Confira o access token em Recebimentos.',
  confirmOnlyStatic: 'Pagamentos do Mercado Pago são confirmados pelo próprio Mercado Pago.',
  refreshOnlyProvider: 'Só pagamentos do Mercado Pago podem ser consultados.',
  cannotConfirm: 'Este pagamento foi estornado e não pode ser confirmado.',
  invalidState: 'Situação inválida',
  notificationRefused: 'Notificação recusada: assinatura inválida.',
  /** Why a paid payment has not renewed the line yet ('Pago, renovação pendente'). */
  pendingInsufficientCredits: 'Créditos insuficientes: a renovação acontece assim que chegarem créditos.',
  pendingRenewalRefused: 'A renovação não pôde ser feita (usuário removido ou pacote indisponível).',
} as const;

/** Every text of credit sales by PIX the server answers (decisions 0183–0186). */
export const CREDIT_SALE_MESSAGES = {
  packCreditsInvalid: 'Informe os créditos do pacote: um número inteiro entre 1 e 10.000.',
  duplicatePack: 'Cada quantidade de créditos aparece em um pacote só.',
  tooManyPacks: 'No máximo 6 pacotes.',
  creditsInvalid: 'Informe a quantidade de créditos: um número inteiro entre 1 e 10.000.',
  totalTooHigh: 'O total passa do máximo de R$ 999.999,99 por compra.',
  onlyResellers: 'Só revendas compram créditos por PIX: o administrador gera os créditos.',
  notSelling: 'Seu revendedor master não vende créditos por PIX no momento.',
  sellerNotConfigured:
    'Seu revendedor master ainda não configurou como receber por PIX. Fale com ele para comprar créditos.',
  /** Why a paid credit purchase has not moved the credits yet ('Pago, créditos pendentes'). */
  pendingInsufficientCredits:
    'O saldo do vendedor não cobre esta venda: os créditos são enviados assim que o saldo cobrir.',
  pendingRefused: 'Os créditos não puderam ser enviados (revenda removida).',
} as const;
