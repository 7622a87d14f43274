/**
 * The address of a reseller's customer page (decision 0173), where its customers sign in with their line:
 * the root of its first verified domain, else the panel's own public address + '/cliente'. The one function
 * the reminders, the webhook payloads and the customer page's own links use.
 */
export function customerPageUrl(options: {
  /** The reseller's verified domains, oldest verification first. */
  verifiedDomains: readonly string[];
  /** The panel's public origin, e.g. 'https://painel.example.com' (no trailing slash needed). */
  panelBaseUrl: string;
}): string {
  const panel = options.panelBaseUrl.replace(/\/+$/, '');
  const domain = options.verifiedDomains[0];
  if (domain) return `${panel.startsWith('http://') ? 'http' : 'https'}://${domain}/`;
  return `${panel}/cliente`;
}
