/**
 * `/export`: a manuscript or an owned book to EPUB 3, Word (DOCX), a print PDF (the print layout's
 * pages at a trim size, typeset on the server) or Markdown, and all of the account's data. Each
 * export is a job on the server: the list shows its progress, why it failed, and its download
 * link until that expires.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { ExportItem, ExportsResponse } from '../../../sync/api/exports';
import { BOOK_FORMATS, EXPORT_LINK_HOURS, FORMAT_LABELS, type ExportFormat } from '../../../sync/exports/rules';
import { TRIMS, trimById } from '../../../sync/print/trim';
import { formatBytes } from '../../../sync/text/bytes';
import { fieldErrorsOf } from '../../lib/api';
import { Badge, Button, Card, EmptyState, Notice, Page, QueryState, SelectField, formatDateTime, useOnline } from '../../ui';
import { useDeleteExport, useExports, useStartExport } from './use-exports';
import './exports.css';

const FORMAT_NOTES: Record<(typeof BOOK_FORMATS)[number], string> = {
  epub: ' — for e-readers; checked with epubcheck',
  docx: ' — to edit in Word, LibreOffice or Google Docs: headings, lists, quotes and images',
  pdf: ' — the print layout’s pages at a trim size: title page, contents with page numbers, running heads',
  markdown: ' — plain text with headings, emphasis and images',
};

export function ExportPage() {
  const query = useExports();
  return (
    <Page
      title="Export"
      description="Take your manuscripts and books with you as EPUB 3, Word, a print PDF or Markdown, or download everything your account holds."
    >
      <QueryState query={query} what="Your exports" lines={6}>
        {(data) => (
          <div className="stack">
            <BookExport data={data} />
            <AccountExport />
            <ExportList items={data.exports} />
          </div>
        )}
      </QueryState>
    </Page>
  );
}

function BookExport({ data }: { data: ExportsResponse }) {
  const start = useStartExport();
  const online = useOnline();
  const [choice, setChoice] = useState('');
  const [format, setFormat] = useState<ExportFormat>('epub');
  const [trim, setTrim] = useState(trimById(null).id);
  const [missing, setMissing] = useState(false);
  const [source, id] = choice.split(':') as ['manuscript' | 'book' | '', string | undefined];
  const errors = fieldErrorsOf(start.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!source || !id) {
      setMissing(true);
      return;
    }
    setMissing(false);
    start.mutate({ source, id, format, ...(format === 'pdf' ? { trim } : {}) });
  };
  if (data.manuscripts.length === 0 && data.books.length === 0) {
    return (
      <Card title="A manuscript or a book">
        <EmptyState title="Nothing to export yet">
          <p>
            Manuscripts you write or edit and books in your <Link to="/books">library</Link> can be exported here.
          </p>
        </EmptyState>
      </Card>
    );
  }
  return (
    <Card title="A manuscript or a book">
      <form className="export-form" onSubmit={submit} noValidate>
        <SelectField
          label="What to export"
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          error={missing ? 'Choose a manuscript or a book.' : errors.id}
        >
          <option value="">Choose…</option>
          {data.manuscripts.length > 0 && (
            <optgroup label="My manuscripts">
              {data.manuscripts.map((m) => (
                <option key={m.id} value={`manuscript:${m.id}`}>
                  {m.title}
                </option>
              ))}
            </optgroup>
          )}
          {data.books.length > 0 && (
            <optgroup label="My books">
              {data.books.map((b) => (
                <option key={b.id} value={`book:${b.id}`}>
                  {b.title}
                </option>
              ))}
            </optgroup>
          )}
        </SelectField>
        <fieldset className="export-formats">
          <legend>Format</legend>
          {BOOK_FORMATS.map((f) => (
            <label key={f} className="export-format">
              <input type="radio" name="format" value={f} checked={format === f} disabled={f === 'pdf' && !data.printPdf} onChange={() => setFormat(f)} />
              <span>
                <strong>{FORMAT_LABELS[f]}</strong>
                <span className="muted">
                  {f === 'pdf' && !data.printPdf ? ' — this server cannot make PDFs (it has no Chromium): print from a book’s print layout' : FORMAT_NOTES[f]}
                </span>
              </span>
            </label>
          ))}
          {errors.format && <p className="field-error">{errors.format}</p>}
        </fieldset>
        {format === 'pdf' && (
          <SelectField label="Trim size" value={trim} onChange={(e) => setTrim(e.target.value)} error={errors.trim}>
            {TRIMS.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </SelectField>
        )}
        {start.error && !errors.id && !errors.format && !errors.trim && <Notice tone="error">{start.error.message}</Notice>}
        <div className="export-actions">
          <Button type="submit" loading={start.isPending} disabled={!online}>
            Export
          </Button>
          {!online && <span className="muted">Exports are made on the server: connect to export.</span>}
          {source === 'book' && id && <Link to={`/printable/${encodeURIComponent(id)}`}>Or see the pages first: open the print layout</Link>}
        </div>
      </form>
    </Card>
  );
}

function AccountExport() {
  const start = useStartExport();
  const online = useOnline();
  const [asked, setAsked] = useState<ExportFormat | null>(null);
  const run = (format: ExportFormat) => {
    setAsked(format);
    start.mutate({ source: 'account', format });
  };
  return (
    <Card title="All my account data">
      <p>Your profile, library, lists, notes and highlights, manuscripts, reviews, orders and settings as one JSON file; your uploaded files as a ZIP.</p>
      <div className="export-actions">
        <Button variant="secondary" onClick={() => run('account-json')} loading={start.isPending && asked === 'account-json'} disabled={!online}>
          Export my data (JSON)
        </Button>
        <Button variant="secondary" onClick={() => run('account-files')} loading={start.isPending && asked === 'account-files'} disabled={!online}>
          Export my files (ZIP)
        </Button>
      </div>
      {start.error && <Notice tone="error">{start.error.message}</Notice>}
    </Card>
  );
}

const STATE_LABEL: Record<ExportItem['state'], string> = { queued: 'Waiting', running: 'Making the file', done: 'Ready', failed: 'Failed' };
const STATE_TONE = { queued: 'neutral', running: 'accent', done: 'success', failed: 'danger' } as const;

function ExportList({ items }: { items: ExportItem[] }) {
  const remove = useDeleteExport();
  return (
    <section aria-labelledby="exports-heading" className="stack">
      <h2 id="exports-heading">My exports</h2>
      {items.length === 0 ? (
        <p className="muted">Exports you make show here, with their download links for {EXPORT_LINK_HOURS} hours.</p>
      ) : (
        <ul className="export-list" aria-label="My exports">
          {items.map((item) => (
            <li key={item.id} className="card export-item" aria-busy={item.state === 'queued' || item.state === 'running'} data-state={item.state}>
              <div className="export-item-head">
                <strong>{item.source === 'account' ? 'Account' : item.title}</strong>
                <span className="muted">
                  {FORMAT_LABELS[item.format]}
                  {item.trim && ` · ${trimById(item.trim).label}`}
                </span>
                <Badge tone={STATE_TONE[item.state]}>{STATE_LABEL[item.state]}</Badge>
              </div>
              {(item.state === 'queued' || item.state === 'running') && (
                <progress className="export-progress" max={1} value={item.progress} aria-label={`Export of ${item.title}`}>
                  {Math.round(item.progress * 100)}%
                </progress>
              )}
              {item.state === 'failed' && <Notice tone="error">{item.error ?? 'The export failed.'}</Notice>}
              <div className="export-item-foot">
                {item.downloadUrl ? (
                  <>
                    <a
                      className="btn btn-primary btn-sm"
                      href={item.downloadUrl}
                      download={item.fileName ?? true}
                      aria-label={`Download ${item.fileName ?? 'the file'}`}
                    >
                      Download
                    </a>
                    <span className="muted export-file">
                      {item.fileName}
                      {item.size !== null && ` · ${formatBytes(item.size)}`} · link works until {formatDateTime(item.expiresAt)}
                    </span>
                  </>
                ) : item.state === 'done' ? (
                  <span className="muted">The download link has expired: export again.</span>
                ) : (
                  <span className="muted">Asked for {formatDateTime(item.createdAt)}</span>
                )}
                {(item.state === 'done' || item.state === 'failed') && (
                  <Button variant="ghost" size="sm" onClick={() => remove.mutate(item.id)} aria-label={`Remove the export of ${item.title}`}>
                    Remove
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
