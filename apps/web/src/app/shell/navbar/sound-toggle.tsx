import { SoundIcon } from '../../../components/icons/icons';
import { useSound } from '../../../features/sound/sound-context';
import styles from './sound-toggle.module.css';

export function SoundToggle() {
  const sound = useSound();
  return (
    <button type="button" className={styles.toggle} aria-pressed={sound.enabled} aria-label="Sound" title={sound.enabled ? 'Sound on' : 'Sound off'} onClick={sound.toggle}>
      <SoundIcon on={sound.enabled} />
    </button>
  );
}
