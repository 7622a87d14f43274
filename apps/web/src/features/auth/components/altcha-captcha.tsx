import type {} from 'altcha/types/react';
import type { AltchaWidgetElement } from 'altcha';
import { Loader } from '@mantine/core';
import { useEffect, useEffectEvent, useImperativeHandle, useRef, useState, type Ref } from 'react';
import classes from './altcha-captcha.module.css';
import type { CaptchaEvent, CaptchaHandle } from './captcha-events';

let loading: Promise<void> | null = null;

/** The widget (~35 kB gzipped) is fetched only when the server chose altcha. */
function loadAltcha(): Promise<void> {
  loading ??= import('./altcha-setup').then(
    () => undefined,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

interface AltchaStateDetail {
  state?: string;
  payload?: string;
}

interface AltchaCaptchaProps {
  challengeUrl: string;
  onEvent: (event: CaptchaEvent) => void;
  ref?: Ref<CaptchaHandle>;
}

/** The self-hosted proof-of-work captcha (docs/product/contradictions.md#captcha), as the `<altcha-widget>` web component. */
export function AltchaCaptcha({ challengeUrl, onEvent, ref }: AltchaCaptchaProps) {
  const [ready, setReady] = useState(false);
  const elementRef = useRef<AltchaWidgetElement | null>(null);
  const emit = useEffectEvent(onEvent);

  useEffect(() => {
    let active = true;
    loadAltcha().then(
      () => active && setReady(true),
      () => active && emit({ type: 'error' }),
    );
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    const element = elementRef.current;
    if (!ready || !element) return;
    const handleStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<AltchaStateDetail>).detail ?? {};
      if (state === 'verified' && payload) emit({ type: 'token', token: payload });
      else if (state === 'expired') emit({ type: 'expired' });
      else if (state === 'error') emit({ type: 'error' });
      else if (state === 'unverified' || state === 'verifying') emit({ type: 'cleared' });
    };
    element.addEventListener('statechange', handleStateChange);
    return () => element.removeEventListener('statechange', handleStateChange);
  }, [ready]);

  useImperativeHandle(ref, () => ({ reset: () => elementRef.current?.reset() }), []);

  if (!ready) return <Loader size="sm" aria-label="Carregando captcha" />;
  return (
    <altcha-widget
      ref={elementRef}
      className={classes.widget}
      challenge={challengeUrl}
      language="pt-br"
      data-testid="altcha-widget"
    />
  );
}
