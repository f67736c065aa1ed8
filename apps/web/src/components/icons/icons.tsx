// Small inline icons; decorative unless given a label.
interface IconProps {
  readonly label?: string;
  readonly size?: number;
}

function a11y(label: string | undefined) {
  return label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
}

export function CrownIcon({ label, size = 22, tone = 'gold' }: IconProps & { readonly tone?: 'gold' | 'silver' | 'bronze' }) {
  const fill = { gold: '#f5b83d', silver: '#c9d1dc', bronze: '#d08a4f' }[tone];
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" {...a11y(label)}>
      <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z" fill={fill} stroke="#0b0a10" strokeWidth="1.2" strokeLinejoin="round" />
    </svg>
  );
}

export function SoundIcon({ on, size = 20 }: { readonly on: boolean; readonly size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      {on ? <path d="M16 9a4 4 0 010 6M18.5 6.5a8 8 0 010 11" /> : <path d="M17 9l5 6M22 9l-5 6" />}
    </svg>
  );
}

export function LogoMark({ size = 34 }: { readonly size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true">
      <path d="M20 2l16 7v10c0 10-7 16.5-16 19C11 35.5 4 29 4 19V9z" fill="#e23d3d" />
      <path d="M13 27l14-14M27 27L13 13" stroke="#fff" strokeWidth="3.4" strokeLinecap="round" />
      <circle cx="20" cy="20" r="3.2" fill="#f5b83d" />
    </svg>
  );
}

export function MenuIcon({ size = 22 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round">
      <path d="M4 7h16M4 12h16M4 17h16" />
    </svg>
  );
}
