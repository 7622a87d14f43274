import { describe, expect, it } from 'vitest';
import { EARLY_PROFILE_REQUEST_SCRIPT } from '@panel/shared/web/early-profile-request';
import { inlineScriptSource, panelContentSecurityPolicy } from './content-security-policy';

const directives = (policy: string) => policy.split('; ').map((directive) => directive.split(' ')[0]);
const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe("the panel's content security policy", () => {
  it('allows no foreign script or frame with altcha or no captcha, and one inline script by its hash', () => {
    for (const captcha of ['altcha', 'none'] as const) {
      const policy = panelContentSecurityPolicy(captcha);
      expect(directive(policy, 'script-src')).toEqual([
        "'self'",
        inlineScriptSource(EARLY_PROFILE_REQUEST_SCRIPT),
      ]);
      expect(directive(policy, 'frame-src')).toEqual(["'none'"]);
    }
  });

  it("adds only Google's reCAPTCHA script and frame origins when reCAPTCHA is the captcha", () => {
    const altcha = panelContentSecurityPolicy('altcha');
    const recaptcha = panelContentSecurityPolicy('recaptcha');
    expect(directive(recaptcha, 'script-src')).toEqual([
      "'self'",
      inlineScriptSource(EARLY_PROFILE_REQUEST_SCRIPT),
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ]);
    expect(directive(recaptcha, 'frame-src')).toEqual([
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    ]);
    const unchanged = (policy: string) =>
      policy.split('; ').filter((part) => !/^(script|frame)-src /.test(part));
    expect(unchanged(recaptcha)).toEqual(unchanged(altcha));
    expect(directives(recaptcha)).toEqual(directives(altcha));
  });

  it('hashes an inline script as browsers do: base64 of the SHA-256 of the text between the tags', () => {
    // The example of the CSP specification (hash-source), with the digest it gives.
    expect(inlineScriptSource("alert('Hello, world.');")).toBe(
      "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
    );
  });
});
