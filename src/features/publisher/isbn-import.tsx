/**
 * Importing ISBNs into the pool: a block (the first ISBN and how many) or a pasted list, in two
 * tabs, with the server's report beside the form: how many came in, and every line that did not
 * with its number and why. The start is checked here with the same rules as the server
 * (sync/isbn.ts) so a typo is caught before sending; the server's 422 lands on the same fields.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ISBN_IMPORT_MAX, importIsbns, type IsbnImportInput } from '../../../sync/api/publisher-isbns';
import type { ResponseOf } from '../../../sync/api/contract';
import { checkIsbn } from '../../../sync/isbn';
import { ApiRequestError, call, errorMessage, fieldErrorsOf } from '../../lib/api';
import { Button, Notice, Tabs, TextArea, TextField, useToast } from '../../ui';
import { publisherKey } from './publisher-api';

type Report = ResponseOf<typeof importIsbns>;

function useImport(imprintId: string) {
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: IsbnImportInput) => call(importIsbns, { params: { imprintId }, body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: publisherKey(imprintId) }),
    onError: (error) => {
      if (!(error instanceof ApiRequestError && Object.keys(error.fields).length > 0)) toast(errorMessage(error), { tone: 'error' });
    },
  });
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

function ImportReport({ report }: { report: Report }) {
  const where = report.kind === 'block' ? 'No.' : 'Line';
  return (
    <div className="isbn-report">
      <h3>Import report</h3>
      {report.imported.length > 0 ? (
        <Notice tone="success">
          Imported {plural(report.imported.length, 'ISBN', 'ISBNs')}.
          {report.linkedToBooks > 0 &&
            ` ${plural(report.linkedToBooks, 'was', 'were')} already on your books and ${report.linkedToBooks === 1 ? 'is' : 'are'} assigned to them.`}
        </Notice>
      ) : (
        <Notice tone="warning">Nothing was imported.</Notice>
      )}
      {report.problems.length > 0 && (
        <>
          <p>
            {plural(report.problems.length, 'line was', 'lines were')} not imported{report.kind === 'block' ? ' (numbered from the start of the block)' : ''}:
          </p>
          <ol className="isbn-problems">
            {report.problems.map((p) => (
              <li key={`${p.line}-${p.input}`}>
                <strong>
                  {where} {p.line}
                </strong>{' '}
                <code>{p.input || '(empty)'}</code>: {p.message}
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

function BlockForm({ onSend, pending, errors }: { onSend: (body: IsbnImportInput) => void; pending: boolean; errors: Record<string, string> }) {
  const [start, setStart] = useState('');
  const [count, setCount] = useState('10');
  const [local, setLocal] = useState<Record<string, string>>({});
  const shown = { ...errors, ...local };
  return (
    <form
      className="isbn-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const typed: Record<string, string> = {};
        const checked = checkIsbn(start);
        if (!checked.ok)
          typed.start =
            checked.problem === 'checksum' ? 'The check digit does not match: a digit is mistyped.' : 'Enter an ISBN-13 (or ISBN-10), like 978-1-4028-9462-6.';
        const n = Number(count);
        if (!Number.isInteger(n) || n < 1 || n > ISBN_IMPORT_MAX) typed.count = `Enter a whole number from 1 to ${ISBN_IMPORT_MAX.toLocaleString('en')}.`;
        setLocal(typed);
        if (Object.keys(typed).length === 0) onSend({ kind: 'block', start, count: n });
      }}
    >
      <TextField
        label="First ISBN of the block"
        value={start}
        onChange={(e) => setStart(e.target.value)}
        hint="As your ISBN agency gave it; hyphens are fine."
        error={shown.start}
        autoComplete="off"
        inputMode="numeric"
      />
      <TextField
        label="How many ISBNs"
        type="number"
        min={1}
        max={ISBN_IMPORT_MAX}
        value={count}
        onChange={(e) => setCount(e.target.value)}
        error={shown.count}
      />
      <Button type="submit" loading={pending}>
        Import block
      </Button>
    </form>
  );
}

function ListForm({ onSend, pending, errors }: { onSend: (body: IsbnImportInput) => void; pending: boolean; errors: Record<string, string> }) {
  const [text, setText] = useState('');
  const [local, setLocal] = useState('');
  return (
    <form
      className="isbn-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setLocal(text.trim() ? '' : 'Paste one ISBN per line.');
        if (text.trim()) onSend({ kind: 'list', text });
      }}
    >
      <TextArea
        label="ISBNs, one per line"
        rows={8}
        value={text}
        onChange={(e) => setText(e.target.value)}
        hint={`ISBN-10 or ISBN-13; hyphens and spaces are fine. Up to ${ISBN_IMPORT_MAX.toLocaleString('en')} at a time.`}
        error={local || errors.text}
        spellCheck={false}
      />
      <Button type="submit" loading={pending}>
        Import list
      </Button>
    </form>
  );
}

export function IsbnImport({ imprintId }: { imprintId: string }) {
  const [tab, setTab] = useState('block');
  const run = useImport(imprintId);
  const errors = fieldErrorsOf(run.error);
  const send = (body: IsbnImportInput) => run.mutate(body);
  return (
    <section className="card isbn-import" aria-labelledby="isbn-import-title">
      <div>
        <h2 className="card-title" id="isbn-import-title">
          Import ISBNs
        </h2>
        <Tabs
          label="Import as"
          value={tab}
          onChange={(id) => {
            setTab(id);
            run.reset();
          }}
          tabs={[
            { id: 'block', label: 'A block', content: <BlockForm onSend={send} pending={run.isPending} errors={errors} /> },
            { id: 'list', label: 'A list', content: <ListForm onSend={send} pending={run.isPending} errors={errors} /> },
          ]}
        />
      </div>
      <div aria-live="polite">
        {run.data ? (
          <ImportReport report={run.data} />
        ) : (
          <p className="muted isbn-report-hint">The report of your import shows here: what came in, and each line that did not with the reason.</p>
        )}
      </div>
    </section>
  );
}
