import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { useSignOut } from '../api/sign-out';

/** /logout: ends the session on the server, forgets the login here, then goes to /login. */
export function LogoutPage() {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const started = useRef(false);

  useEffect(() => {
    // Once, also under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    signOut.mutate(undefined, { onSettled: () => void navigate(paths.login, { replace: true }) });
  }, [signOut, navigate]);

  return <PageLoader />;
}
