/**
 * The uploads of this page visit: each file with its progress and outcome. Nothing chosen is
 * dropped: a file picked offline, or whose connection failed, waits and starts again when the
 * browser is back online (or on Retry). Finished uploads stay listed until cleared.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FileItem } from '../../../sync/api/files';
import { ApiRequestError } from '../../lib/api';
import { useOnline } from '../../ui';
import { uploadFile } from './upload';
import { formatBytes } from '../../../sync/text/bytes';

type UploadStatus = 'uploading' | 'waiting' | 'done' | 'failed';

export interface UploadItem {
  key: number;
  file: File;
  progress: number;
  status: UploadStatus;
  error?: string;
  uploaded?: FileItem;
}

let nextKey = 1;

export function useUploadQueue(maxFileBytes: number | undefined, onUploaded: (file: FileItem, usedBytes: number) => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const online = useOnline();
  const onUploadedRef = useRef(onUploaded);
  useEffect(() => {
    onUploadedRef.current = onUploaded;
  }, [onUploaded]);

  const patch = useCallback((key: number, change: Partial<UploadItem>) => {
    setItems((all) => all.map((i) => (i.key === key ? { ...i, ...change } : i)));
  }, []);

  const start = useCallback(
    (item: UploadItem) => {
      patch(item.key, { status: 'uploading', progress: 0, error: undefined });
      uploadFile(item.file, (progress) => patch(item.key, { progress })).done.then(
        ({ file, usedBytes }) => {
          patch(item.key, { status: 'done', progress: 1, uploaded: file });
          onUploadedRef.current(file, usedBytes);
        },
        (error: unknown) => {
          if (error instanceof ApiRequestError && error.isNetwork) patch(item.key, { status: 'waiting', error: error.message });
          else patch(item.key, { status: 'failed', error: error instanceof ApiRequestError ? (error.fields.file ?? error.message) : 'The upload failed.' });
        },
      );
    },
    [patch],
  );

  const add = useCallback(
    (files: Iterable<File>) => {
      const added: UploadItem[] = [];
      for (const file of files) {
        const item: UploadItem = { key: nextKey++, file, progress: 0, status: 'waiting' };
        // Refuse at once what the server would refuse after the whole upload.
        if (maxFileBytes !== undefined && file.size > maxFileBytes) {
          item.status = 'failed';
          item.error = `This file is ${formatBytes(file.size)}; one upload may be at most ${formatBytes(maxFileBytes)}.`;
        }
        added.push(item);
      }
      setItems((all) => [...added, ...all]);
      if (navigator.onLine) for (const item of added) if (item.status === 'waiting') start(item);
    },
    [maxFileBytes, start],
  );

  // Back online: start everything that was waiting for the connection.
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);
  useEffect(() => {
    if (!online) return;
    for (const item of itemsRef.current) if (item.status === 'waiting') start(item);
  }, [online, start]);

  const retry = useCallback(
    (key: number) => {
      const item = itemsRef.current.find((i) => i.key === key);
      if (item) start(item);
    },
    [start],
  );
  const dismiss = useCallback((key: number) => setItems((all) => all.filter((i) => i.key !== key)), []);
  const clearFinished = useCallback(() => setItems((all) => all.filter((i) => i.status !== 'done')), []);

  return { items, add, retry, dismiss, clearFinished };
}
