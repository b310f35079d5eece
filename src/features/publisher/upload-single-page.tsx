/**
 * /publisher/upload-single: one book. The EPUB goes up first and its package's metadata comes
 * back to confirm (with anything that stops it), a cover may follow, the price is set here (an
 * EPUB has none), and confirming imports it as a draft of the imprint in the background.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { MyImprint } from '../../../sync/api/publisher-isbns';
import { attachCover, checkEpub, getUpload, startUpload, type UploadDetail } from '../../../sync/api/publisher-uploads';
import { formatBytes } from '../../../sync/text/bytes';
import { UPLOAD_COVER_MAX_BYTES } from '../../../sync/uploads';
import { ApiRequestError, call, errorMessage, fieldErrorsOf } from '../../lib/api';
import { Button, Notice, Page, QueryState, TextField, useToast } from '../../ui';
import { FileStep } from './file-step';
import { ImprintChoice } from './imprint-choice';
import { publisherKey } from './publisher-api';
import { UploadProgress } from './upload-report';
import './publisher.css';

const LIMIT = 50 * 1024 * 1024;

function Metadata({ detail }: { detail: UploadDetail }) {
  const item = detail.items[0]!;
  return (
    <dl className="upload-metadata">
      <dt>Title</dt>
      <dd data-testid="upload-title">{item.title || '—'}</dd>
      <dt>By</dt>
      <dd>{item.authors.join(', ') || '—'}</dd>
      <dt>Language</dt>
      <dd>{item.language || '—'}</dd>
      <dt>ISBN</dt>
      <dd>{item.isbn ? <code>{item.isbn}</code> : 'None in the EPUB: give it one from your ISBN pool later.'}</dd>
      <dt>Description</dt>
      <dd className="upload-description">{item.description ? item.description.replace(/<[^>]*>/g, ' ').slice(0, 400) : '—'}</dd>
      <dt>Cover</dt>
      <dd>{detail.upload.hasCover ? 'The cover you uploaded.' : 'The EPUB’s own cover, if it has one.'}</dd>
    </dl>
  );
}

function Importing({ imprint, uploadId }: { imprint: MyImprint; uploadId: string }) {
  const query = useQuery({
    queryKey: publisherKey(imprint.id, 'uploads', uploadId),
    queryFn: ({ signal }) => call(getUpload, { params: { imprintId: imprint.id, uploadId }, signal }),
    refetchInterval: (q) => (q.state.data?.upload.status === 'done' ? false : 1000),
  });
  return (
    <QueryState query={query} what="The import" lines={2}>
      {({ upload, items }) =>
        upload.status !== 'done' ? (
          <UploadProgress upload={upload} />
        ) : items[0]?.status === 'imported' ? (
          <Notice tone="success" title="Draft created">
            “{items[0].title}” is a draft of {imprint.name}.{' '}
            <Link to={`/publisher/uploads?upload=${encodeURIComponent(upload.id)}`}>See it in your uploads</Link>.
          </Notice>
        ) : (
          <Notice tone="error" title="The book was not imported">
            {items[0]?.message} <Link to={`/publisher/uploads?upload=${encodeURIComponent(upload.id)}`}>Retry from your uploads</Link>.
          </Notice>
        )
      }
    </QueryState>
  );
}

function Confirm({ imprint, detail, onChange }: { imprint: MyImprint; detail: UploadDetail; onChange: (d: UploadDetail) => void }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [price, setPrice] = useState('');
  const [currency, setCurrency] = useState('USD');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const item = detail.items[0]!;
  const start = useMutation({
    mutationFn: () =>
      call(startUpload, {
        params: { imprintId: imprint.id, uploadId: detail.upload.id },
        body: { price: price.trim() || '0', currency: currency.trim().toUpperCase() },
      }),
    onSuccess: (answer) => {
      onChange(answer);
      void qc.invalidateQueries({ queryKey: publisherKey(imprint.id, 'uploads') });
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (!(error instanceof ApiRequestError && Object.keys(fields).length > 0)) toast(errorMessage(error), { tone: 'error' });
    },
  });
  if (detail.upload.status !== 'checked') return <Importing imprint={imprint} uploadId={detail.upload.id} />;
  return (
    <section className="upload-section" aria-labelledby="upload-confirm-title">
      <h2 id="upload-confirm-title" className="upload-step-title">
        2. Confirm
      </h2>
      {item.problems.length > 0 ? (
        <Notice tone="error" title="This EPUB cannot be imported">
          <ul className="upload-reasons">
            {item.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Notice>
      ) : (
        <p>This is what the EPUB says about itself. It becomes a draft of {imprint.name}; you can change everything before it is published.</p>
      )}
      <Metadata detail={detail} />
      {item.problems.length === 0 && (
        <form
          className="isbn-form upload-confirm"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            start.mutate();
          }}
        >
          <FileStep
            label="Cover (optional)"
            hint={`JPEG, PNG or WebP, up to ${formatBytes(UPLOAD_COVER_MAX_BYTES)}; 1600 × 2560 px is ideal.`}
            accept="image/jpeg,image/png,image/webp"
            endpoint={attachCover}
            query={{ uploadId: detail.upload.id }}
            field="cover"
            onDone={(answer) => onChange(answer)}
          />
          <div className="upload-price">
            <TextField
              label="Price"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              inputMode="decimal"
              placeholder="9.99"
              hint="Empty is free."
              error={errors.price}
            />
            <TextField label="Currency" value={currency} onChange={(e) => setCurrency(e.target.value)} maxLength={3} error={errors.currency} />
          </div>
          <Button type="submit" loading={start.isPending}>
            Create draft
          </Button>
        </form>
      )}
    </section>
  );
}

function SingleUpload({ imprint }: { imprint: MyImprint }) {
  const [detail, setDetail] = useState<UploadDetail | null>(null);
  return (
    <>
      <section className="upload-section" aria-labelledby="upload-epub-title">
        <h2 id="upload-epub-title" className="upload-step-title">
          1. The EPUB
        </h2>
        <FileStep
          label="EPUB file"
          hint={`DRM-free EPUB 2 or 3, up to ${formatBytes(LIMIT)}. Its title, authors, language, ISBN and description are read from its package.`}
          accept=".epub,application/epub+zip"
          endpoint={checkEpub}
          query={{ imprintId: imprint.id }}
          field="epub"
          disabled={detail !== null && detail.upload.status !== 'checked'}
          onDone={(answer) => setDetail(answer)}
        />
      </section>
      {detail && <Confirm key={detail.upload.id} imprint={imprint} detail={detail} onChange={setDetail} />}
    </>
  );
}

export function PublisherUploadSinglePage() {
  return (
    <Page
      title="Upload a book"
      description={
        <>
          One EPUB and its cover become a draft of your imprint. For many books at once, use <Link to="/publisher/upload-bulk">Bulk upload</Link>.
        </>
      }
      wide
    >
      <ImprintChoice>{(imprint) => <SingleUpload imprint={imprint} />}</ImprintChoice>
    </Page>
  );
}
