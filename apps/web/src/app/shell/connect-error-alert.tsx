import { AlertDialog } from '../../components/modal/alert-dialog';
import { useAuth } from '../../features/auth/auth-context';

/** The wallet refused or failed to connect. */
export default function ConnectErrorAlert() {
  const auth = useAuth();
  return (
    <AlertDialog
      open={Boolean(auth.error)}
      title="Wallet connection failed"
      message={auth.error ?? ''}
      tone="danger"
      onClose={() => auth.controller.dismissError()}
    />
  );
}
