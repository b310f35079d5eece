/** Every component of src/ui in its states, to check looks, themes and accessibility in one place. */
import { useState, type ReactNode } from 'react';
import {
  Badge,
  Button,
  Checkbox,
  Dialog,
  EmptyState,
  LinkButton,
  Menu,
  Notice,
  SelectField,
  Skeleton,
  Spinner,
  Table,
  Tabs,
  TextArea,
  TextField,
  useToast,
  type Column,
} from '../../ui';

interface SampleRow {
  id: string;
  title: string;
  author: string;
  status: 'published' | 'draft';
}

const ROWS: SampleRow[] = [
  { id: '1', title: 'The Salt Orchard', author: 'Marit Solberg', status: 'published' },
  { id: '2', title: 'An Unfinished Thing', author: 'Ada Author', status: 'draft' },
];
const COLUMNS: Column<SampleRow>[] = [
  { key: 'title', header: 'Title', render: (r) => r.title },
  { key: 'author', header: 'Author', render: (r) => r.author },
  { key: 'status', header: 'Status', render: (r) => <Badge tone={r.status === 'published' ? 'success' : 'neutral'}>{r.status}</Badge> },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

export function ComponentGallery() {
  const [dialogOpen, setDialogOpen] = useState(false);
  const [tab, setTab] = useState('one');
  const toast = useToast();
  return (
    <div className="gallery">
      <Section title="Buttons">
        <div className="row">
          <Button>Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="danger">Danger</Button>
          <Button variant="ghost">Ghost</Button>
          <Button size="sm">Small</Button>
          <Button loading>Saving</Button>
          <Button disabled>Disabled</Button>
          <LinkButton to="/dev" variant="secondary">
            Link button
          </LinkButton>
        </div>
      </Section>
      <Section title="Fields">
        <div className="gallery-fields">
          <TextField label="Title" placeholder="A working title" hint="You can change it later." />
          <TextField label="Email" type="email" defaultValue="not-an-address" error="Enter a valid e-mail address." />
          <SelectField label="Genre" defaultValue="poetry">
            <option value="fiction">Fiction</option>
            <option value="poetry">Poetry</option>
          </SelectField>
          <TextArea label="Description" error="Keep it under 500 characters." defaultValue="Too long…" />
          <Checkbox label="Send me release news" hint="At most once a week." />
        </div>
      </Section>
      <Section title="Dialog and menu">
        <div className="row">
          <Button variant="secondary" onClick={() => setDialogOpen(true)}>
            Open dialog
          </Button>
          <Menu
            label="Sample menu"
            buttonContent={<span className="btn btn-secondary btn-sm">Menu ▾</span>}
            items={[
              { label: 'Go to /dev/mail', to: '/dev/mail' },
              { label: 'Show a toast', onSelect: () => toast('Chosen from the menu.') },
            ]}
          />
        </div>
        <Dialog
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          title="Discard changes?"
          footer={
            <>
              <Button variant="secondary" onClick={() => setDialogOpen(false)}>
                Keep editing
              </Button>
              <Button variant="danger" onClick={() => setDialogOpen(false)}>
                Discard
              </Button>
            </>
          }
        >
          <p>Your unsaved edits to this chapter will be lost.</p>
        </Dialog>
      </Section>
      <Section title="Tabs">
        <Tabs
          label="Sample tabs"
          value={tab}
          onChange={setTab}
          tabs={[
            { id: 'one', label: 'Chapters', content: <p>The chapter list would be here.</p> },
            { id: 'two', label: 'Details', content: <p>The book's metadata would be here.</p> },
          ]}
        />
      </Section>
      <Section title="Table">
        <Table caption="Sample books" columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} />
        <Table caption="An empty table" columns={COLUMNS} rows={[]} rowKey={(r) => r.id} empty="No books match." />
      </Section>
      <Section title="Toasts">
        <div className="row">
          <Button variant="secondary" onClick={() => toast('Saved.', { tone: 'success' })}>
            Success toast
          </Button>
          <Button variant="secondary" onClick={() => toast('Something failed.', { tone: 'error' })}>
            Error toast
          </Button>
          <Button variant="secondary" onClick={() => toast('Chapter deleted.', { action: { label: 'Undo', onClick: () => toast('Restored.') } })}>
            Toast with action
          </Button>
        </div>
      </Section>
      <Section title="Empty state, skeleton and spinner">
        <EmptyState title="No books yet" action={<Button>Start a manuscript</Button>}>
          <p>Your drafts will appear here.</p>
        </EmptyState>
        <Skeleton lines={3} />
        <Spinner />
      </Section>
      <Section title="Notices and badges">
        <Notice title="Heads up">A neutral notice.</Notice>
        <Notice tone="success">Saved and synced.</Notice>
        <Notice tone="warning" title="You're offline">
          This page needs a connection.
        </Notice>
        <Notice tone="error">That didn't work.</Notice>
        <div className="row">
          <Badge>Neutral</Badge>
          <Badge tone="accent">Accent</Badge>
          <Badge tone="success">Success</Badge>
          <Badge tone="warning">Warning</Badge>
          <Badge tone="danger">Danger</Badge>
        </div>
      </Section>
    </div>
  );
}
