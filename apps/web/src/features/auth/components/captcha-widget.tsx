import { useEffect, useEffectEvent, useImperativeHandle, type Ref } from 'react';
import type { CaptchaConfig } from '@panel/shared/auth/sign-in-schema';
import { AltchaCaptcha } from './altcha-captcha';
import type { CaptchaEvent, CaptchaHandle } from './captcha-events';
import { RecaptchaCaptcha } from './recaptcha-captcha';

/** Sent as `g-recaptcha-response` when the server runs without a captcha. */
export const NO_CAPTCHA_TOKEN = 'none';
const DEFAULT_ALTCHA_CHALLENGE_URL = '/api/auth/captcha/challenge';

interface CaptchaWidgetProps {
  config: CaptchaConfig;
  onEvent: (event: CaptchaEvent) => void;
  ref?: Ref<CaptchaHandle>;
}

/** The captcha the server asks for (GET /api/auth/captcha): altcha, reCAPTCHA v2, or none. */
export function CaptchaWidget({ config, onEvent, ref }: CaptchaWidgetProps) {
  if (config.provider === 'altcha') {
    const challengeUrl = config.challengeUrl ?? DEFAULT_ALTCHA_CHALLENGE_URL;
    return <AltchaCaptcha challengeUrl={challengeUrl} onEvent={onEvent} ref={ref} />;
  }
  if (config.provider === 'recaptcha' && config.siteKey) {
    return <RecaptchaCaptcha siteKey={config.siteKey} onEvent={onEvent} ref={ref} />;
  }
  return <NoCaptcha onEvent={onEvent} ref={ref} />;
}

function NoCaptcha({ onEvent, ref }: Omit<CaptchaWidgetProps, 'config'>) {
  const emit = useEffectEvent(onEvent);
  useEffect(() => emit({ type: 'token', token: NO_CAPTCHA_TOKEN }), []);
  useImperativeHandle(ref, () => ({ reset: () => onEvent({ type: 'token', token: NO_CAPTCHA_TOKEN }) }), [
    onEvent,
  ]);
  return null;
}
