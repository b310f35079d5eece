/**
 * Sign-out asks whether to keep this account's local data on the device (faster next sign-in,
 * works offline) or remove it (a shared computer). Removing unsent changes is said out loud.
 */
import { useState } from 'react';
import { useSyncState } from '../../db/use-database';
import { Button, Checkbox, Dialog } from '../../ui';

export function SignOutDialog({ open, onClose, onConfirm }: { open: boolean; onClose: () => void; onConfirm: (removeData: boolean) => Promise<void> }) {
  const [removeData, setRemoveData] = useState(false);
  const [busy, setBusy] = useState(false);
  const { pending } = useSyncState();
  async function confirm() {
    setBusy(true);
    try {
      await onConfirm(removeData);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Sign out"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={removeData ? 'danger' : 'primary'} loading={busy} onClick={() => void confirm()}>
            Sign out
          </Button>
        </>
      }
    >
      <Checkbox
        label="Also remove my lists, wishlist and messages from this device"
        checked={removeData}
        onChange={(e) => setRemoveData(e.currentTarget.checked)}
      />
      {removeData && pending > 0 && (
        <p className="field-error" role="alert">
          {pending} change{pending === 1 ? " hasn't" : "s haven't"} reached Quire yet and will be lost.
        </p>
      )}
    </Dialog>
  );
}
