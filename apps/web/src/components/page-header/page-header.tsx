import type { ReactNode } from 'react';
import styles from './page-header.module.css';

export function PageHeader({ kicker, title, subtitle, children }: { readonly kicker?: string; readonly title: string; readonly subtitle?: string; readonly children?: ReactNode }) {
  return (
    <header className={styles.header}>
      <div>
        {kicker && <p className={styles.kicker}>{kicker}</p>}
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </div>
      {children && <div className={styles.side}>{children}</div>}
    </header>
  );
}
