import { createHash } from 'node:crypto';
import { EARLY_PROFILE_REQUEST_SCRIPT } from '@panel/shared/web/early-profile-request';
import type { Config } from '../config';

type Directives = Record<string, readonly string[]>;

function serialize(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

// Google's documented sources for reCAPTCHA v2 under a CSP (its script, its frames).
const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/** A CSP source allowing one inline script, by the SHA-256 of its exact text. */
export function inlineScriptSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/**
 * The panel's policy (decision 0023): scripts, workers and requests from this origin only, and of
 * inline scripts only the signed-in pages' early profile request, by its hash (decision 0110). Inline styles stay allowed because Mantine writes its theme and responsive props into <style>
 * elements at run time. data: images are the generated avatars; images of any http(s) origin are the
 * library's posters (decision 0057) and the title search's (decision 0055). reCAPTCHA's origins join
 * only when it is the configured captcha.
 */
export function panelContentSecurityPolicy(captcha: Config['CAPTCHA_PROVIDER']): string {
  const recaptcha = captcha === 'recaptcha';
  return serialize({
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      inlineScriptSource(EARLY_PROFILE_REQUEST_SCRIPT),
      ...(recaptcha ? RECAPTCHA_SCRIPTS : []),
    ],
    'style-src': ["'self'", "'unsafe-inline'"],
    // Posters and logos of the library are the sources' own addresses (decision 0057).
    'img-src': ["'self'", 'data:', 'https:', 'http:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'frame-src': recaptcha ? RECAPTCHA_FRAMES : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/**
 * The API documentation (Swagger UI under /api/docs): its own scripts and styles are files of this origin;
 * it draws its icons as data: images and styles elements inline; "Try it out" calls this origin.
 */
export const DOCS_CONTENT_SECURITY_POLICY = serialize({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
});

/**
 * The customer page (decision 0180): its own script and stylesheet files only, no inline script or style
 * element (its brand colour is set through the DOM, which style-src does not govern); data: images are the
 * QR codes the server draws, the reseller's logo is a file of this origin.
 */
export const CUSTOMER_CONTENT_SECURITY_POLICY = serialize({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
});

/** API answers are data, never documents: opened directly in a tab, they may load and run nothing. */
export const API_CONTENT_SECURITY_POLICY = serialize({
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
});
