/**
 * The texts of the profile's 'Página do cliente' card (decision 0178), where a reseller brands the page its
 * customers sign in to. Kept apart from customer-page-messages.ts, which the customer page itself loads.
 */
export const BRANDING_MESSAGES = {
  title: 'Página do cliente',
  intro:
    'Onde seus clientes entram com o usuário e a senha da lista (ou o código de ativação), veem a assinatura e renovam por PIX.',
  address: 'Endereço da página',
  addressHint: 'Com um domínio próprio verificado, a página fica na raiz dele.',
  copy: 'Copiar',
  name: 'Nome exibido',
  nameHint: 'Vazio: “Minha assinatura”.',
  color: 'Cor',
  colorHint: 'Vazio: a cor do painel.',
  whatsapp: 'WhatsApp para contato',
  whatsappHint: 'DDD e número. Vazio: sem botão de WhatsApp.',
  logo: 'Logo',
  logoHint: 'PNG, JPEG ou WebP de até 200 kB.',
  chooseLogo: 'Escolher imagem',
  removeLogo: 'Remover logo',
  noLogo: 'Sem logo.',
  save: 'Salvar',
} as const;
