import styles from './portrait.module.css';

export interface PortraitProps {
  /** A character of packages/rules: its `image` is /characters/<slug>.svg. */
  readonly character: { readonly name: string; readonly image: string };
  readonly size?: 'small' | 'medium' | 'large';
  /** Decorative beside a visible name: hide it from screen readers. */
  readonly decorative?: boolean;
  readonly className?: string;
  /** The page's largest paint (the first card above the fold): fetched at once, not when laid out. */
  readonly priority?: boolean;
}

const PIXELS = { small: 40, medium: 96, large: 160 } as const;

export function Portrait({ character, size = 'medium', decorative = false, className = '', priority = false }: PortraitProps) {
  const pixels = PIXELS[size];
  return (
    <img
      className={`${styles.portrait} ${styles[size]} ${className}`}
      src={character.image}
      alt={decorative ? '' : character.name}
      width={pixels}
      height={pixels}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
}
