import type { ReactNode } from 'react';
import styles from './banner.module.css';

export interface BannerProps {
  readonly tone?: 'error' | 'info' | 'success';
  readonly children: ReactNode;
}

/** A message strip: errors are announced at once (role="alert"). */
export function Banner({ tone = 'error', children }: BannerProps) {
  return (
    <div className={`${styles.banner} ${styles[tone]}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
