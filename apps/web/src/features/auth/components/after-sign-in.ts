import type { SignInResponse } from '@panel/shared/auth/sign-in-schema';
import { paths } from '@/config/paths';
import { readRedirectPath } from '@/lib/redirect-path';

/**
 * Where a new session goes (decision 0132): the two-factor setup when the panel requires a second step
 * the account lacks, else the page the visitor was on. A notice of the server (an admin reset the
 * account's two-factor sign-in) is shown once, as a toast (its module loads only then).
 */
export async function goAfterSignIn(
  answer: SignInResponse,
  navigate: (path: string, options: { replace: boolean }) => void | Promise<void>,
): Promise<void> {
  await navigate(answer.setup_two_factor ? paths.twoFactorSetup : readRedirectPath(), { replace: true });
  if (answer.notice) {
    const notice = answer.notice;
    void import('@/lib/toasts').then(({ showWarningToast }) => showWarningToast(notice));
  }
}
