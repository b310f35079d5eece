/** Removing one's own uploaded book for good: it leaves the library and this device, and frees its storage. */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteSideload } from '../../../sync/api/library';
import { call, errorMessage } from '../../lib/api';
import { Button, Dialog, useOnline } from '../../ui';
import { removeDownload } from './offline-books';

export function RemoveBook({ bookId, title }: { bookId: string; title: string }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    setBusy(true);
    setError(null);
    try {
      await call(deleteSideload, { params: { id: bookId } });
      await removeDownload(bookId);
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: ['library'] });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button size="sm" variant="ghost" disabled={!online} onClick={() => setOpen(true)} aria-label={`Remove ${title}`}>
        Remove
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Remove this book?"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Keep it
            </Button>
            <Button variant="danger" loading={busy} onClick={() => void remove()}>
              Remove
            </Button>
          </>
        }
      >
        <p>“{title}” leaves your library and this device, and the storage it used is freed. You can add the EPUB again later.</p>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </Dialog>
    </>
  );
}
