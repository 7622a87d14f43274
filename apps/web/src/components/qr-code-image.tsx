import { Alert, Image, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';

const SIZE = 220;
const QR_FAILED = 'Não foi possível gerar o QR Code.';

interface QrCodeImageProps {
  value: string;
  /** What the code is, for screen readers ('QR Code da lista', 'QR Code do PIX'). */
  alt: string;
  testId: string;
}

/**
 * A QR code of `value` as an image. The `qrcode` package is fetched only when a QR code is first shown
 * (its own chunk), so neither /users nor the dialogs carry it until then (decision 0050). Shared by the
 * setup messages, 'Cobrar por PIX' and 'Comprar créditos'.
 */
export function QrCodeImage({ value, alt, testId }: QrCodeImageProps) {
  const [state, setState] = useState<{ value: string; url: string | null; failed: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(value, { width: SIZE, margin: 1, errorCorrectionLevel: 'M' }))
      .then(
        (url) => live && setState({ value, url, failed: false }),
        () => live && setState({ value, url: null, failed: true }),
      );
    return () => {
      live = false;
    };
  }, [value]);
  if (state?.value === value && state.failed) {
    return (
      <Alert color="red" data-testid={`${testId}-error`}>
        {QR_FAILED}
      </Alert>
    );
  }
  if (state?.value !== value || !state.url) return <Loader size="sm" data-testid={`${testId}-loading`} />;
  return <Image src={state.url} w={SIZE} h={SIZE} alt={alt} data-testid={testId} />;
}
