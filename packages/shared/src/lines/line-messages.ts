// Portuguese texts of the line rules (docs/product/messages.md#line-messages).
import { FIELD_MESSAGES } from '../validation/field-messages';
export const LINE_MESSAGES = {
  required: FIELD_MESSAGES.required,
  min6: FIELD_MESSAGES.min6,
  usernameCharset: FIELD_MESSAGES.usernameCharset,
  passwordCharset: FIELD_MESSAGES.passwordCharset,
  noSequences: FIELD_MESSAGES.noSequences,
  passwordNeedsLetter: 'A senha deve conter pelo menos uma letra',
  packageRequired: 'Selecione um pacote',
  randomNeedsPackage: 'Selecione um pacote antes de continuar',
  bouquetRequired: 'Selecione pelo menos um item.',
  macInvalid: 'MAC address inválido. Deve conter 12 caracteres hexadecimais (a-f, 0-9).',
  macTaken: 'Este MAC address já está em uso.',
  usernameTaken: 'Este nome de usuário já está em uso.',
  dateRequired: 'Por favor, selecione uma data',
  dateOutOfWindow: 'Data inválida. Selecione uma data até 1 mês no futuro.',
  dateNotAfterExpiry:
    'A nova data deve ser posterior à data de expiração atual. Não é possível usar a mesma data.',
  notAllowedTitle: 'Não permitido',
  notForTrials: 'Esta função não está disponível para usuários de teste',
  trialConversionRequired: 'Este usuário é um teste. Confirme a conversão em usuário pago para renová-lo.',
  inactiveTitle: 'Usuário inativo',
  onlyActive: 'Esta função só funciona para usuários ativos',
  trialsDisabled: 'Contas testes estão desativadas neste momento.',
  hybridWithoutMac: 'Usuário híbrido sem MAC Address',
  addDaysRange: 'Informe de 1 a 3 dias.',
  addDaysNotAllowed: 'Extensão disponível apenas para usuários P2P elegíveis.',
  screensNotAllowed: 'Gerenciar telas não está disponível para usuários de teste, P2P ou híbridos.',
  screensMinimum: 'O usuário precisa ter pelo menos 1 tela.',
  screensMaximum: 'O usuário pode ter no máximo 100 telas.',
  packageInvalid: 'Pacote inválido para este serviço.',
  ownerInvalid: 'Revenda inválida para este usuário.',
  bouquetInvalid: 'Item inválido.',
  hybridEditOnly: 'Usuários híbridos só podem alterar bouquets, nome, MAC e notas.',
  hybridIrreversible: 'A transferência para o sistema Híbrido é irreversível.',
  alreadyHybrid: 'Este usuário já está no sistema Híbrido.',
  resyncNotAllowed: 'Esta sincronização não está disponível para este usuário.',
  resyncNotConfigured: 'O serviço de sincronização não está configurado neste painel.',
  cleanupFailed: 'Erro ao remover usuários',
} as const;

/** Answer of the cleanup actions (docs/product/api.md#calls: `{ deleted_count, message }`). */
export function cleanupMessage(count: number): string {
  if (count === 0) return 'Nenhum usuário para remover.';
  return count === 1 ? '1 usuário removido com sucesso.' : `${count} usuários removidos com sucesso.`;
}
