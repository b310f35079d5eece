/**
 * /publisher/upload-bulk: many books at once. 1. the metadata (CSV from the template, or ONIX
 * 3.0), checked on arrival with a report of every row that cannot be imported and why; 2. a ZIP of
 * EPUBs and covers, optional, matched to the rows by file name or ISBN; 3. the import, a
 * background job, whose progress and results /publisher/uploads shows.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { MyImprint } from '../../../sync/api/publisher-isbns';
import { attachArchive, checkMetadata, getUpload, startUpload, uploadErrorsCsvPath, type UploadDetail } from '../../../sync/api/publisher-uploads';
import { formatBytes } from '../../../sync/text/bytes';
import { KEYWORDS_MAX } from '../../../sync/publishing/metadata';
import {
  CSV_COLUMNS,
  CSV_ROLE_HINT,
  CSV_TEMPLATE,
  UPLOAD_ARCHIVE_MAX_BYTES,
  UPLOAD_MAX_ROWS,
  UPLOAD_METADATA_MAX_BYTES,
  type CsvColumn,
} from '../../../sync/uploads';
import { call, errorMessage } from '../../lib/api';
import { Button, Notice, Page, useToast } from '../../ui';
import { FileStep } from './file-step';
import { ImprintChoice } from './imprint-choice';
import { publisherKey } from './publisher-api';
import { FIRST_ROWS, PagedUploadRows, plural, UploadCounts, type RowsView } from './upload-report';
import './publisher.css';

const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(CSV_TEMPLATE)}`;

/** What goes in each column of the template; the same rules as the /publishing form. */
const COLUMN_HELP: Record<CsvColumn, string> = {
  isbn: 'ISBN-13 or ISBN-10, hyphens allowed. Required.',
  title: 'Required, up to 300 characters.',
  subtitle: 'Optional.',
  authors: 'Required: one or more names, separated by semicolons.',
  contributors: `Others credited, separated by semicolons, each with its role in brackets: “Ida Brandt (Illustrator)”. Roles: ${CSV_ROLE_HINT}.`,
  language: 'A language code: en, en-GB, fr — or ONIX’s eng, fre.',
  price: 'Like 9.99, without a currency sign; 0 for free.',
  currency: 'A currency code: USD, EUR, GBP, JPY…',
  description: 'Optional; quote it if it holds commas.',
  keywords: `Up to ${KEYWORDS_MAX} words or phrases, separated by semicolons; repeats are dropped.`,
  series: 'The series’ name, if the book is part of one.',
  series_number: 'The book’s place in the series: a whole number from 1 (needs a series).',
  epub_file: 'The EPUB’s file name in the ZIP (otherwise matched by ISBN).',
  cover_file: 'The cover’s file name in the ZIP (otherwise matched by ISBN).',
  action: 'new (the default), update or withdraw. On an update an empty keywords, series or description keeps the book’s.',
};

function ColumnHelp() {
  return (
    <details className="upload-columns">
      <summary>What goes in each column</summary>
      <dl className="upload-metadata">
        {CSV_COLUMNS.map((column) => (
          <div key={column} className="upload-column">
            <dt>
              <code>{column}</code>
            </dt>
            <dd>{COLUMN_HELP[column]}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function Report({ imprint, detail, onChange }: { imprint: MyImprint; detail: UploadDetail; onChange: (d: UploadDetail) => void }) {
  const qc = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const { upload } = detail;
  // The answer to the upload is the first page of rows; any other page is fetched.
  const [view, setView] = useState<RowsView>(FIRST_ROWS);
  const first = view.page === 1 && view.show === 'all';
  const rows = useQuery({
    queryKey: publisherKey(imprint.id, 'uploads', upload.id, view),
    queryFn: ({ signal }) => call(getUpload, { params: { imprintId: imprint.id, uploadId: upload.id }, query: view, signal }),
    enabled: !first,
    placeholderData: keepPreviousData,
  });
  const shown = first ? detail : (rows.data ?? detail);
  const start = useMutation({
    mutationFn: () => call(startUpload, { params: { imprintId: imprint.id, uploadId: upload.id }, body: {} }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: publisherKey(imprint.id, 'uploads') });
      navigate(`/publisher/uploads?imprint=${encodeURIComponent(imprint.id)}&upload=${encodeURIComponent(upload.id)}`);
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  });
  const bad = upload.counts.invalid;
  return (
    <section className="upload-section" aria-labelledby="upload-report-title">
      <div className="isbn-pool-head">
        <h2 id="upload-report-title">Validation report: {upload.fileName}</h2>
        <UploadCounts upload={upload} />
      </div>
      {bad > 0 ? (
        <Notice tone="warning" title={`${plural(bad, 'row is', 'rows are')} not valid`}>
          {bad === 1 ? 'It is' : 'They are'} listed below with the reasons, and will not be imported. Fix {bad === 1 ? 'it' : 'them'} in your file and upload
          the file again, or import the valid rows now.{' '}
          <a href={uploadErrorsCsvPath(imprint.id, upload.id)} download>
            Download the error report (CSV)
          </a>
        </Notice>
      ) : (
        <Notice tone="success">Every row is valid.</Notice>
      )}
      <PagedUploadRows detail={shown} caption={`Rows of ${upload.fileName}`} onView={setView} />
      <h2 className="upload-step-title">2. EPUBs and covers (optional)</h2>
      <FileStep
        label="ZIP of EPUBs and covers"
        hint={`Named as the rows name them, or after the ISBN (9780306406157.epub, 9780306406157.jpg). Up to ${formatBytes(UPLOAD_ARCHIVE_MAX_BYTES)}. Rows without an EPUB become drafts waiting for their manuscript.`}
        accept=".zip,application/zip"
        endpoint={attachArchive}
        query={{ uploadId: upload.id }}
        field="archive"
        onDone={(answer) => {
          setView(FIRST_ROWS);
          void qc.invalidateQueries({ queryKey: publisherKey(imprint.id, 'uploads', upload.id) });
          onChange(answer);
        }}
      />
      <h2 className="upload-step-title">3. Import</h2>
      <p>
        {upload.counts.ready > 0
          ? `${plural(upload.counts.ready, 'book', 'books')} will be imported as drafts of ${imprint.name} in the background; updates change the books they name, withdrawals take them off sale.`
          : 'No row can be imported. Fix the file and upload it again.'}
      </p>
      <Button onClick={() => start.mutate()} loading={start.isPending} disabled={upload.counts.ready === 0}>
        Import {plural(upload.counts.ready, 'book', 'books')}
      </Button>
    </section>
  );
}

function BulkUpload({ imprint }: { imprint: MyImprint }) {
  const [detail, setDetail] = useState<UploadDetail | null>(null);
  return (
    <>
      <section className="upload-section" aria-labelledby="upload-metadata-title">
        <h2 id="upload-metadata-title" className="upload-step-title">
          1. Metadata
        </h2>
        <p>
          A CSV file with the columns {CSV_COLUMNS.join(', ')} —{' '}
          <a href={TEMPLATE_HREF} download="quire-upload-template.csv">
            download the template
          </a>{' '}
          — or an ONIX for Books 3.0 file (reference or short tags). Up to {plural(UPLOAD_MAX_ROWS, 'row', 'rows')}; every row is checked before anything is
          imported.
        </p>
        <ColumnHelp />
        <FileStep
          label="Metadata file (CSV or ONIX)"
          hint={`.csv or .xml, up to ${formatBytes(UPLOAD_METADATA_MAX_BYTES)}.`}
          accept=".csv,.xml,.onix,.onx,text/csv,application/xml,text/xml"
          endpoint={checkMetadata}
          query={{ imprintId: imprint.id }}
          field="metadata"
          onDone={(answer) => setDetail(answer)}
        />
      </section>
      {detail && <Report imprint={imprint} detail={detail} onChange={setDetail} />}
    </>
  );
}

export function PublisherUploadBulkPage() {
  return (
    <Page
      title="Bulk upload"
      description={
        <>
          Many books at once, from a metadata file and a ZIP of EPUBs and covers. Earlier uploads are in <Link to="/publisher/uploads">Uploads</Link>.
        </>
      }
      wide
    >
      <ImprintChoice>{(imprint) => <BulkUpload imprint={imprint} />}</ImprintChoice>
    </Page>
  );
}
