/** "Available offline" state of one book with its Download / Remove download button and size. */
import { useEffect, useState } from 'react';
import { Badge, Button, useOnline } from '../../ui';
import { bookStorageBytes, downloadBook, isDownloaded, removeDownload } from './offline-books';
import { formatBytes } from '../../../sync/text/bytes';

/** Said on window when a download is added or removed, so the page's storage line follows. */
const DOWNLOADS_CHANGED = 'quire:downloads-changed';

/** This device's storage use, once for the whole library (not on every book). */
export function DeviceStorage() {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    const refresh = () =>
      void navigator.storage
        ?.estimate?.()
        .then((e) => setText(e.usage === undefined ? null : `${formatBytes(e.usage)} of ${formatBytes(e.quota ?? 0)} used on this device`));
    refresh();
    window.addEventListener(DOWNLOADS_CHANGED, refresh);
    return () => window.removeEventListener(DOWNLOADS_CHANGED, refresh);
  }, []);
  // The line is there from the first render, empty until the estimate answers, so the list below
  // does not jump down when it does (Lighthouse measured that shift on /books).
  return <p className="library-quota">{text}</p>;
}

export function DownloadControl({ bookId, title }: { bookId: string; title: string }) {
  const online = useOnline();
  const [state, setState] = useState<{ downloaded: boolean; bytes: number } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function refresh() {
    const downloaded = await isDownloaded(bookId);
    setState({ downloaded, bytes: downloaded ? await bookStorageBytes(bookId) : 0 });
    window.dispatchEvent(new Event(DOWNLOADS_CHANGED));
  }
  useEffect(() => {
    void refresh();
  }, [bookId]); // eslint-disable-line react-hooks/exhaustive-deps

  async function download() {
    setError(null);
    setBusy('Downloading…');
    try {
      await downloadBook(bookId, (done, total) => setBusy(`Downloading… ${done}/${total}`));
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Download failed.');
    }
    setBusy(null);
    await refresh();
  }
  async function remove() {
    await removeDownload(bookId);
    await refresh();
  }

  if (!state) return null;
  return (
    <div className="library-offline">
      {state.downloaded ? <Badge tone="success">Available offline · {formatBytes(state.bytes)}</Badge> : <Badge>Online only</Badge>}
      {state.downloaded ? (
        <Button size="sm" variant="secondary" onClick={() => void remove()} aria-label={`Remove download of ${title}`}>
          Remove download
        </Button>
      ) : (
        <Button size="sm" variant="secondary" loading={!!busy} disabled={!online || !!busy} onClick={() => void download()} aria-label={`Download ${title}`}>
          {busy ?? 'Download'}
        </Button>
      )}
      {error && (
        <span className="library-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
