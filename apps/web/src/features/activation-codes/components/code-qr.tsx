import { useEffect, useState } from 'react';
import classes from './print-sheet.module.css';

/** A QR code of `value` (the code's digits, for a phone to scan); `qrcode` is fetched with the sheet. */
export function CodeQr({ value }: { value: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(value, { width: 240, margin: 1, errorCorrectionLevel: 'M' }))
      .then((url) => alive && setSrc(url))
      .catch(() => alive && setSrc(null));
    return () => {
      alive = false;
    };
  }, [value]);
  return src ? <img className={classes.qr} src={src} alt={value} /> : <div className={classes.qr} />;
}
