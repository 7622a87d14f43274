import type { CustomerLineStatus, CustomerOverview } from '@panel/shared/customer-page/customer-page-api';
import { CUSTOMER_PAGE_MESSAGES as M } from '@panel/shared/customer-page/customer-page-messages';
import { CopyButton } from './copy-button';
import { formatDateTime, formatTime } from './format';

const STATUS_TEXT: Record<CustomerLineStatus, string> = {
  active: M.statusActive,
  expired: M.statusExpired,
  blocked: M.statusBlocked,
  not_activated: M.statusNotActivated,
};

interface Props {
  overview: CustomerOverview;
  onRenew: () => void;
}

/** The signed-in line: its subscription, who watches, its links, how to set up each app, the contact. */
export function Overview({ overview, onRenew }: Props) {
  const { line, watching, links, apps, brand, renewal } = overview;
  return (
    <>
      <section class="card" aria-labelledby="subscription-title" data-testid="customer-overview">
        <div class="row">
          <h1 id="subscription-title">{line.username}</h1>
          <span class={`badge ${line.status}`} data-testid="customer-status">
            {STATUS_TEXT[line.status]}
          </span>
          {line.is_trial && <span class="badge trial">{M.trial}</span>}
        </div>
        <dl class="facts">
          {line.exp_date ? (
            <div>
              <dt>{line.status === 'expired' ? M.expiredAt : M.expiresAt}</dt>
              <dd data-testid="customer-expiry">{formatDateTime(line.exp_date)}</dd>
            </div>
          ) : (
            <div>
              <dd data-testid="customer-expiry">{M.activatesOnFirstUse}</dd>
            </div>
          )}
          <div>
            <dt>{M.screens}</dt>
            <dd data-testid="customer-screens">{line.max_connections}</dd>
          </div>
        </dl>
        {renewal.current && (
          <p class="notice" role="status">
            {renewal.current.state === 'renewal_pending' ? M.paidRenewalPending : M.waitingPayment}
          </p>
        )}
        <button type="button" onClick={onRenew} data-testid="customer-renew">
          {M.renew}
        </button>
      </section>

      <section class="card" aria-labelledby="watching-title">
        <h2 id="watching-title">{M.watchingNow}</h2>
        {watching.length === 0 ? (
          <p class="muted" data-testid="customer-nobody-watching">
            {M.nobodyWatching}
          </p>
        ) : (
          <ul class="list" data-testid="customer-watching">
            {watching.map((item) => (
              <li key={item.started_at + (item.device ?? '')}>
                <strong>{item.device ?? M.unknownDevice}</strong>
                {item.title && <span> · {item.title}</span>}
                <span class="muted"> · {M.watchingSince(formatTime(item.started_at))}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {links.length > 0 && (
        <section class="card" aria-labelledby="links-title">
          <h2 id="links-title">{M.links}</h2>
          {links.map((link) => (
            <div class="copy-row" key={link.label}>
              <label class="field grow">
                <span>{link.label}</span>
                <input readOnly value={link.url} data-testid="customer-link" />
              </label>
              <CopyButton text={link.url} what={link.label} />
            </div>
          ))}
        </section>
      )}

      {apps.length > 0 && (
        <section class="card" aria-labelledby="setup-title">
          <h2 id="setup-title">{M.setup}</h2>
          {apps.map((app) => (
            <details key={app.app} data-testid="customer-app">
              <summary>{app.label}</summary>
              <p class="setup-text">{app.text}</p>
              {app.qr && <img class="qr" src={app.qr} alt={M.appQr(app.label)} />}
            </details>
          ))}
        </section>
      )}

      {brand.whatsapp_url && (
        <a
          class="button whatsapp"
          href={brand.whatsapp_url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="customer-whatsapp"
        >
          {M.contact}
        </a>
      )}
    </>
  );
}
