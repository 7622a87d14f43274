import { panelDate, PANEL_UTC_OFFSET_SECONDS } from '@panel/shared/lines/panel-calendar';

/**
 * Cells as a Brazilian spreadsheet reads them (decision 0155): text that a spreadsheet would run as a
 * formula is neutralised, dates are dd/mm/aaaa in panel time, decimals have a comma.
 */

/** A cell starting with one of these is a formula (or becomes one) in Excel, LibreOffice and Sheets. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number ('-1,50') is no formula, whatever its sign: it stays a number. */
const PLAIN_NUMBER = /^-?\d+(,\d+)?$/;

/**
 * Text a spreadsheet would run as a formula gets a leading apostrophe (OWASP's CSV injection advice):
 * '=HYPERLINK(…)' shows as text instead of running. Every string cell of a panel CSV goes through this.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** The inverse for a file coming back (an export edited and imported): the apostrophe added above is dropped. */
export function restoreNeutralised(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** 'dd/mm/aaaa hh:mm' in panel time (Brasília), which a Brazilian spreadsheet reads as a date and time. */
export function csvDateTime(seconds: number | null): string {
  if (seconds === null) return '';
  const [year, month, day] = panelDate(seconds).split('-');
  const clock = new Date((seconds + PANEL_UTC_OFFSET_SECONDS) * 1000).toISOString().slice(11, 16);
  return `${day}/${month}/${year} ${clock}`;
}

/** A two-decimal amount ('1234.50', the wire's form) as '1234,50': a number to a Brazilian spreadsheet. */
export function csvDecimal(amount: string): string {
  return amount.replace('.', ',');
}
