// The animations setting beside the sound toggle: off, the fighters stand still (the numbers
// and results still show). The system's reduced-motion preference stops them too.
import { useAnimationsSetting } from '../../../features/motion/animations-setting';
import labelStyles from './animations-toggle.module.css';
import styles from './sound-toggle.module.css';

function MotionIcon({ on }: { readonly on: boolean }) {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <circle cx="15" cy="12" r="5" fill="currentColor" />
      <path d="M2 8h6M1 12h6M2 16h6" />
      {!on && <path d="M3 21L21 3" />}
    </svg>
  );
}

/** `labelled`: with its words beside the icon, as in the phone menu. */
export function AnimationsToggle({ labelled = false }: { readonly labelled?: boolean }) {
  const animations = useAnimationsSetting();
  const title = animations.enabled ? 'Animations on' : 'Animations off';
  return (
    <button
      type="button"
      className={`${styles.toggle} ${labelled ? labelStyles.labelled : ''}`}
      aria-pressed={animations.enabled}
      aria-label="Animations"
      title={title}
      onClick={animations.toggle}
    >
      <MotionIcon on={animations.enabled} />
      {labelled && <span aria-hidden="true">{title}</span>}
    </button>
  );
}
