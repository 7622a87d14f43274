import type { PanelTextKey } from './panel-texts-api';

const paragraphs = (...lines: string[]) => lines.map((line) => `<p>${line}</p>`).join('');

/**
 * What each menu dialog says until the admin edits it, and again after 'Restaurar padrão' (decision 0059).
 * The server rules are docs/product/roles.md#server-rules in the panel's voice; the manual and the
 * responsibilities and prohibitions are the product's own texts.
 */
export const DEFAULT_PANEL_TEXTS: Record<PanelTextKey, string> = {
  manual: paragraphs(
    '<b>Primeiros passos no painel</b>',
    '• <b>Usuários</b>: em <i>Novo Usuário</i>, escolha o serviço (IPTV, P2P ou híbrido) e o plano; o custo em créditos aparece antes de confirmar.',
    '• <b>Teste rápido</b>: crie um teste gratuito para o cliente conhecer o serviço antes de comprar.',
    '• <b>Renovação</b>: no menu de ações do usuário, renove por um mês, por pacote ou até uma data escolhida.',
    '• <b>Mensagens</b>: envie ao cliente os dados de acesso e o passo a passo do aplicativo pelo WhatsApp.',
    '• <b>Revendedores</b>: crie revendas e passe créditos do seu saldo para elas.',
    '• <b>Domínios</b>: cadastre o seu domínio para gerar links curtos com a sua marca.',
    '• <b>Logs</b>: consulte cada movimentação de créditos e cada ação feita no painel.',
    'Em caso de dúvida, fale com o seu revenda master.',
  ),
  server_rules: paragraphs(
    '1. Você responde pelos testes que criar.',
    '2. É proibido divulgar testes ou listas vazadas publicamente.',
    '3. É proibido vender no pós-pago.',
    '4. Compre créditos somente do seu revenda master.',
    '5. É proibido vender abaixo da tabela oficial de preços.',
    '6. É proibido usar a marca do fornecedor.',
  ),
  responsibilities: paragraphs(
    '<b>Responsabilidades</b>',
    '• Atender os seus clientes e revendas: instalação, dúvidas e renovações.',
    '• Manter corretos e em sigilo os dados dos clientes (nome, telefone, MAC).',
    '• Guardar a sua senha do painel: toda ação feita com o seu acesso é sua.',
    '• Acompanhar os vencimentos e renovar a tempo, para o cliente não ficar sem sinal.',
    '• Conferir o plano e o serviço antes de criar ou renovar um usuário.',
    '<b>Proibições</b>',
    '• Compartilhar o seu acesso ao painel com outras pessoas.',
    '• Divulgar testes, listas ou links do servidor em grupos ou sites públicos.',
    '• Vender no pós-pago ou abaixo da tabela oficial de preços.',
    '• Usar a marca do fornecedor em anúncios, perfis ou aplicativos.',
    '• Usar o serviço para fins ilegais ou repassar o conteúdo a terceiros.',
  ),
};
