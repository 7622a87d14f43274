export const LOGS_TITLE = 'Logs';
export const RESELLER_LOGS_TITLE = 'Logs de revendas';
