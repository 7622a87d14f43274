import type { CustomerOverview } from '@panel/shared/customer-page/customer-page-api';
import { CUSTOMER_PAGE_MESSAGES as M } from '@panel/shared/customer-page/customer-page-messages';
import { useState } from 'preact/hooks';
import { api, ApiError } from './api';

interface Props {
  /** Why the customer is here again ('sessionEnded'), shown above the form. */
  notice: string | null;
  onSignedIn: (overview: CustomerOverview) => void;
}

/** Username and password, or an activation code (decision 0175); the server's answer is the overview. */
export function SignIn({ notice, onSignedIn }: Props) {
  const [withCode, setWithCode] = useState(false);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<Record<string, boolean>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    const values = withCode ? { code } : { username, password };
    const empty = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, !value.trim()]));
    setMissing(empty);
    if (Object.values(empty).some(Boolean)) return;
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await api.signIn(withCode ? { code } : { username, password }));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : M.loadFailed);
      setBusy(false);
    }
  }

  const field = (
    name: string,
    label: string,
    value: string,
    set: (value: string) => void,
    type: 'text' | 'password' = 'text',
  ) => (
    <label class="field">
      <span>{label}</span>
      <input
        name={name}
        // Preact types each input type apart; this one is text or password.
        type={type as 'text'}
        value={value}
        autocomplete={type === 'password' ? 'current-password' : name === 'username' ? 'username' : 'off'}
        autocapitalize="none"
        spellcheck={false}
        aria-invalid={missing[name] ? true : undefined}
        data-testid={`customer-${name}`}
        onInput={(event) => set(event.currentTarget.value)}
      />
      {missing[name] && <small class="field-error">{M.required}</small>}
    </label>
  );

  return (
    <form class="card" onSubmit={(event) => void submit(event)} noValidate data-testid="customer-sign-in">
      <h1>{M.signInTitle}</h1>
      {notice && (
        <p class="notice" role="status" data-testid="customer-notice">
          {notice}
        </p>
      )}
      <p class="muted">{M.signInHint}</p>
      {withCode ? (
        field('code', M.code, code, setCode)
      ) : (
        <>
          {field('username', M.username, username, setUsername)}
          {field('password', M.password, password, setPassword, 'password')}
        </>
      )}
      {error && (
        <p class="error" role="alert" data-testid="customer-sign-in-error">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy} data-testid="customer-submit">
        {M.signIn}
      </button>
      <button
        type="button"
        class="link"
        onClick={() => {
          setWithCode(!withCode);
          setMissing({});
          setError(null);
        }}
        data-testid="customer-toggle-code"
      >
        {withCode ? M.usePassword : M.useCode}
      </button>
    </form>
  );
}
