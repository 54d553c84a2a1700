// The captcha of the forms that open an account (sign-up, account update): the self-hosted ALTCHA widget,
// a web component that fetches a challenge from the server, solves its proof of work in the browser and
// hands back the payload the server verifies. The widget's code is fetched only by the pages that show it.
import type {} from 'altcha/types/react';
import { Input, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { registrationEndpoints } from '@testbed/contract/endpoints/registration';
import { useEffect, useRef, useState } from 'react';
import { endpointQuery } from '../endpoint-query';

interface AltchaElement extends HTMLElement {
  reset?: () => void;
}

export interface CaptchaFieldProps {
  label: string;
  /** The answer to send, or '' while the captcha is not solved. */
  onChange: (answer: string) => void;
  error?: string;
  /** Changing it asks for a new solution (after the server refused or used the previous one). */
  resetKey?: number;
}

export function CaptchaField({ label, onChange, error, resetKey = 0 }: CaptchaFieldProps) {
  const config = useQuery({
    ...endpointQuery(registrationEndpoints.captchaConfig),
    staleTime: Infinity,
  });
  const [widgetReady, setWidgetReady] = useState(false);
  const widget = useRef<AltchaElement | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const provider = config.data?.provider;
  useEffect(() => {
    if (provider !== 'altcha') return;
    let cancelled = false;
    void import('altcha').then(() => {
      if (!cancelled) setWidgetReady(true);
    });
    return () => {
      cancelled = true;
    };
  }, [provider]);

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onChangeRef.current(detail.state === 'verified' && detail.payload ? detail.payload : '');
    };
    element.addEventListener('statechange', onState);
    return () => element.removeEventListener('statechange', onState);
  }, [widgetReady]);

  useEffect(() => {
    if (resetKey === 0) return;
    widget.current?.reset?.();
    onChangeRef.current('');
  }, [resetKey]);

  return (
    <Input.Wrapper label={label} required error={error} id="captcha-field">
      {provider === 'altcha' && widgetReady && config.data?.challengeUrl ? (
        <altcha-widget ref={widget} challenge={config.data.challengeUrl} />
      ) : config.isError ? (
        <Text c="red.9" size="sm">
          {config.error.message}
        </Text>
      ) : provider && provider !== 'altcha' ? (
        <Text size="sm">{`The ${provider} captcha cannot be shown by this page.`}</Text>
      ) : (
        <Text size="sm" c="dimmed">
          …
        </Text>
      )}
    </Input.Wrapper>
  );
}
