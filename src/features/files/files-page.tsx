/**
 * `/files`: an author's uploads. An online view over /api/files (the bytes live on the server);
 * uploads chosen offline wait in the queue rather than being lost.
 */
import { EmptyState, Page, QueryState } from '../../ui';
import { FileCard } from './file-card';
import { QuotaMeter } from './quota-meter';
import { DropZone, UploadList } from './upload-area';
import { useUploadQueue } from './upload-queue';
import { useAddUploaded, useFiles } from './use-files';
import './files.css';

export function FilesPage() {
  const query = useFiles();
  const addUploaded = useAddUploaded();
  const queue = useUploadQueue(query.data?.maxFileBytes, addUploaded);
  return (
    <Page title="Files" description="Images for your chapters, and manuscripts and EPUBs to keep with your books." wide>
      <section className="card files-upload" aria-label="Upload files">
        {query.data && <QuotaMeter used={query.data.usedBytes} quota={query.data.quotaBytes} />}
        <DropZone onFiles={queue.add} maxFileBytes={query.data?.maxFileBytes} />
        <UploadList items={queue.items} onRetry={queue.retry} onDismiss={queue.dismiss} onClearFinished={queue.clearFinished} />
      </section>
      <h2 className="files-heading">My files</h2>
      <QueryState query={query} what="Your files" lines={4}>
        {(data) =>
          data.files.length === 0 ? (
            <EmptyState title="No files yet">
              <p>Upload images to place in your chapters, or a DOCX, Markdown or EPUB manuscript to keep it with your books.</p>
            </EmptyState>
          ) : (
            <ul className="file-grid" aria-label="My files">
              {data.files.map((file) => (
                <FileCard key={file.id} file={file} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </Page>
  );
}
