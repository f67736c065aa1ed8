import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import styles from './qr-code.module.css';

/** A QR code of `value` as an image (the qrcode library draws it in the browser). */
export function QrCode({ value, label, size = 176 }: { readonly value: string; readonly label: string; readonly size?: number }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(value, { width: size, margin: 1, errorCorrectionLevel: 'M', color: { dark: '#0b0a10', light: '#ffffff' } })
      .then((data) => live && setUrl(data))
      .catch(() => live && setUrl(null));
    return () => {
      live = false;
    };
  }, [value, size]);
  return (
    <div className={styles.frame} style={{ width: size, height: size }}>
      {url ? <img src={url} alt={label} width={size} height={size} /> : <span className={styles.placeholder} role="img" aria-label={label} />}
    </div>
  );
}
