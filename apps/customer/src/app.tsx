import type { CustomerBrand, CustomerOverview } from '@panel/shared/customer-page/customer-page-api';
import { CUSTOMER_PAGE_MESSAGES as M } from '@panel/shared/customer-page/customer-page-messages';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { api, ApiError } from './api';
import { brandStyle } from './format';
import { Overview } from './overview';
import { Renewal } from './renewal';
import { SignIn } from './sign-in';
import { Failure, Loading } from './states';

type Screen =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'sign-in'; notice: string | null }
  | { kind: 'overview'; overview: CustomerOverview; renewing: boolean };

/**
 * The customer page (decisions 0175, 0181): the session is an HttpOnly cookie, so the page first asks for
 * the overview; a 401 then is the sign-in, and a 401 later (the session ended) is the sign-in with the
 * 'sessionEnded' notice.
 */
export function App() {
  const [brand, setBrand] = useState<CustomerBrand | null>(null);
  const [screen, setScreen] = useState<Screen>({ kind: 'loading' });

  const sessionEnded = useCallback(() => setScreen({ kind: 'sign-in', notice: M.sessionEnded }), []);

  const load = useCallback(() => {
    setScreen({ kind: 'loading' });
    // Before signing in, the host's brand (the domain's reseller, or the panel's name); not needed to paint.
    api.brand().then(setBrand, () => undefined);
    api.me().then(
      (overview) => setScreen({ kind: 'overview', overview, renewing: false }),
      (caught: unknown) =>
        setScreen(
          caught instanceof ApiError && caught.status === 401
            ? { kind: 'sign-in', notice: null }
            : { kind: 'error', message: caught instanceof ApiError ? caught.message : M.loadFailed },
        ),
    );
  }, []);
  useEffect(load, [load]);

  /** A payment moved: the overview is asked again, quietly (the expiry moves with a renewal). */
  const refresh = useCallback(() => {
    api.me().then(
      (overview) =>
        setScreen((current) => (current.kind === 'overview' ? { ...current, overview } : current)),
      (caught: unknown) => {
        if (caught instanceof ApiError && caught.status === 401) sessionEnded();
      },
    );
  }, [sessionEnded]);

  const shown = screen.kind === 'overview' ? screen.overview.brand : brand;
  const name = shown?.name || M.title;
  useEffect(() => {
    document.title = name === M.title ? M.title : `${M.title} · ${name}`;
  }, [name]);

  return (
    <div class="page" style={brandStyle(shown?.color)}>
      <header class="brand" data-testid="customer-brand">
        {shown?.logo_url && <img class="logo" src={shown.logo_url} alt="" />}
        <span class="brand-name">{name}</span>
        {screen.kind === 'overview' && (
          <button
            type="button"
            class="link"
            data-testid="customer-sign-out"
            onClick={() => {
              void api.signOut().catch(() => undefined);
              setScreen({ kind: 'sign-in', notice: null });
            }}
          >
            {M.signOut}
          </button>
        )}
      </header>
      <main>
        {screen.kind === 'loading' && <Loading />}
        {screen.kind === 'error' && <Failure message={screen.message} onRetry={load} />}
        {screen.kind === 'sign-in' && (
          <SignIn
            notice={screen.notice}
            onSignedIn={(overview) => setScreen({ kind: 'overview', overview, renewing: false })}
          />
        )}
        {screen.kind === 'overview' &&
          (screen.renewing ? (
            <Renewal
              renewal={screen.overview.renewal}
              onBack={() => {
                setScreen({ ...screen, renewing: false });
                refresh();
              }}
              onChanged={refresh}
              onSessionEnded={sessionEnded}
            />
          ) : (
            <Overview overview={screen.overview} onRenew={() => setScreen({ ...screen, renewing: true })} />
          ))}
      </main>
    </div>
  );
}
