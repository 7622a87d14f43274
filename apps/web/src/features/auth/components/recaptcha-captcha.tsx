import { Loader } from '@mantine/core';
import { useEffect, useEffectEvent, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { CaptchaEvent, CaptchaHandle } from './captcha-events';

interface RecaptchaRenderParams {
  sitekey: string;
  callback: (token: string) => void;
  'expired-callback': () => void;
  'error-callback': () => void;
}

interface Grecaptcha {
  render: (container: HTMLElement, params: RecaptchaRenderParams) => number;
  reset: (widgetId?: number) => void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    __panelRecaptchaLoaded?: () => void;
  }
}

const SCRIPT_URL =
  'https://www.google.com/recaptcha/api.js?onload=__panelRecaptchaLoaded&render=explicit&hl=pt-BR';
let loading: Promise<Grecaptcha> | null = null;

function loadRecaptcha(): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    window.__panelRecaptchaLoaded = () => {
      if (window.grecaptcha) resolve(window.grecaptcha);
      else reject(new Error('reCAPTCHA unavailable'));
    };
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('reCAPTCHA script failed to load'));
    };
    document.head.append(script);
  });
  return loading;
}

interface RecaptchaCaptchaProps {
  siteKey: string;
  onEvent: (event: CaptchaEvent) => void;
  ref?: Ref<CaptchaHandle>;
}

/** Google reCAPTCHA v2, used when the server has keys configured. */
export function RecaptchaCaptcha({ siteKey, onEvent, ref }: RecaptchaCaptchaProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const widgetId = useRef<number | null>(null);
  const [loaded, setLoaded] = useState(false);
  const emit = useEffectEvent(onEvent);

  useEffect(() => {
    let active = true;
    loadRecaptcha().then(
      (grecaptcha) => {
        if (!active || !containerRef.current || widgetId.current !== null) return;
        widgetId.current = grecaptcha.render(containerRef.current, {
          sitekey: siteKey,
          callback: (token) => emit({ type: 'token', token }),
          'expired-callback': () => emit({ type: 'expired' }),
          'error-callback': () => emit({ type: 'error' }),
        });
        setLoaded(true);
      },
      () => active && emit({ type: 'error' }),
    );
    return () => {
      active = false;
    };
  }, [siteKey]);

  useImperativeHandle(
    ref,
    () => ({
      reset: () => {
        if (widgetId.current !== null) window.grecaptcha?.reset(widgetId.current);
        onEvent({ type: 'cleared' });
      },
    }),
    [onEvent],
  );

  return (
    <>
      {!loaded && <Loader size="sm" aria-label="Carregando captcha" />}
      <div ref={containerRef} data-testid="recaptcha-widget" />
    </>
  );
}
