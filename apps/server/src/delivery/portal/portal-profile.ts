import { unixSeconds } from '@panel/shared/time/unix-seconds';
import type { PortalLine, PendingPortalEvent } from './portal-line.repository';
import { localDateTime } from './portal-time';

/**
 * The account answers of the portal (docs/product/portal.md): the profile a box boots with, its
 * localisation and modules, the watchdog's events and the account page. Only the fields boxes and
 * clients read; the Ministra middleware sends hundreds more, which they ignore.
 */

/** How often the box calls watchdog/get_events, in seconds (what keeps its screen on the online list). */
export const WATCHDOG_TIMEOUT_SECONDS = 120;

export function activeProfile(line: PortalLine, timeZone: string) {
  return {
    id: line.id,
    name: line.username,
    mac: line.mac.toUpperCase(),
    login: line.username,
    fname: '',
    status: 0,
    blocked: '0',
    watchdog_timeout: WATCHDOG_TIMEOUT_SECONDS,
    default_timezone: timeZone,
    timezone_diff: 0,
    locale: 'pt_BR.utf8',
    stb_lang: 'pt',
    expire_billing_date: localDateTime(timeZone, line.expDate),
    tariff_plan_id: 0,
    hd: 1,
    play_in_preview_by_ok: true,
    additional_services_on: '1',
    store_auth_data_on_stb: false,
    allowed_stb_types: [
      'mag200',
      'mag245',
      'mag250',
      'mag254',
      'mag256',
      'mag322',
      'mag324',
      'mag349',
      'mag351',
    ],
    storages: {},
    aspect: 16,
    enable_tv_archive: 1,
  };
}

/** status 1: "your device is not active", the box stops there (decision 0114). */
export function notActiveProfile(message: string) {
  return {
    id: null,
    name: null,
    status: 1,
    blocked: '1',
    block_msg: message,
    msg: message,
    watchdog_timeout: WATCHDOG_TIMEOUT_SECONDS,
  };
}

export const LOCALIZATION = {
  tv_title: 'TV ao vivo',
  vclub_title: 'Filmes',
  sclub_title: 'Séries',
  epg_title: 'Guia de TV',
  account_info_title: 'Minha conta',
  cut_off_msg: 'Seu aparelho não está ativo',
  player_access_denied: 'Acesso negado',
  player_limit_notice: 'Todas as telas da linha estão em uso.<br>Tente mais tarde',
  error_channel_nothing_to_play: 'Canal indisponível',
  month_arr: [
    'JANEIRO',
    'FEVEREIRO',
    'MARÇO',
    'ABRIL',
    'MAIO',
    'JUNHO',
    'JULHO',
    'AGOSTO',
    'SETEMBRO',
    'OUTUBRO',
    'NOVEMBRO',
    'DEZEMBRO',
  ],
  week_arr: ['DOMINGO', 'SEGUNDA', 'TERÇA', 'QUARTA', 'QUINTA', 'SEXTA', 'SÁBADO'],
};

/** The modules a box may show: TV, films, series, guide and the account page. */
export const MODULES = {
  all_modules: ['tv', 'vclub', 'sclub', 'epg.simple', 'epg', 'tv_archive', 'account', 'account_menu'],
  switchable_modules: ['sclub'],
  disabled_modules: [],
  restricted_modules: [],
  template: 'default',
};

/** watchdog/get_events: nothing to do, or the oldest event the box has not confirmed (decision 0116). */
export function watchdogEvents(event: PendingPortalEvent | undefined, timeZone: string) {
  if (!event) return { data: { msgs: 0, additional_services_on: 1 } };
  return {
    data: {
      msgs: event.pending,
      id: event.id,
      event: event.event,
      need_confirm: 1,
      msg: event.message,
      reboot_after_ok: 0,
      auto_hide_timeout: 0,
      send_time: localDateTime(timeZone, event.createdAt),
      additional_services_on: 1,
      updated: { anec: 0, vclub: 0 },
    },
  };
}

/** account_info/get_main_info: the MAC and the expiry (Ministra's `phone` field holds the text boxes show). */
export function mainInfo(line: PortalLine, timeZone: string) {
  const expiry = localDateTime(timeZone, line.expDate);
  return {
    mac: line.mac.toUpperCase(),
    phone: `Vencimento: ${expiry}`,
    message: '',
    account_info: {
      login: line.username,
      status: 1,
      end_date: expiry.slice(0, 10),
      expire_date: unixSeconds(line.expDate),
    },
  };
}
