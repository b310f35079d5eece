/**
 * `/newsletter/setup` (an author's own newsletter) and `/admin/newsletter/setup` (the site's, with
 * the mail transport status): settings, subscriber counts, compose with a test send and a
 * schedule, and each issue's results.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getNewsletterSetup, type NewsletterSetup, type SetupScope } from '../../../sync/api/newsletter';
import { call } from '../../lib/api';
import { Badge, Card, Page, QueryState } from '../../ui';
import { ComposeCard } from './compose-card';
import { IssuesCard } from './issues-card';
import { SettingsCard } from './settings-card';
import './newsletter.css';

const setupKey = (scope: SetupScope) => ['newsletter', 'setup', scope];

function Overview({ setup }: { setup: NewsletterSetup }) {
  return (
    <Card title="Subscribers">
      <dl className="newsletter-counts">
        <div>
          <dt>Subscribed</dt>
          <dd>{setup.counts.active}</dd>
        </div>
        <div>
          <dt>Awaiting confirmation</dt>
          <dd>{setup.counts.pending}</dd>
        </div>
        <div>
          <dt>Unsubscribed</dt>
          <dd>{setup.counts.unsubscribed}</dd>
        </div>
      </dl>
      {setup.transport && (
        <p className="newsletter-transport">
          <strong>Mail transport: </strong>
          <Badge tone={setup.transport.ok ? (setup.transport.kind === 'smtp' ? 'success' : 'warning') : 'danger'}>
            {setup.transport.kind === 'smtp' ? 'SMTP' : 'Outbox'}
          </Badge>{' '}
          {setup.transport.detail}
        </p>
      )}
    </Card>
  );
}

function Setup({ scope, setup }: { scope: SetupScope; setup: NewsletterSetup }) {
  // The issue in the compose card, and which opening of the card this is: a save keeps the card
  // (and its editor) as it is; choosing another issue or a new one opens it afresh.
  const [editing, setEditing] = useState<{ id: string | null; opening: number }>({ id: null, opening: 0 });
  // A send or test refused for want of the footer's postal address: shown by that field too.
  const [addressError, setAddressError] = useState<string | null>(null);
  const draft = setup.issues.find((i) => i.id === editing.id) ?? null;
  const open = (id: string | null) => setEditing((e) => ({ id, opening: e.opening + 1 }));
  return (
    <div className="newsletter-setup">
      <Overview setup={setup} />
      <ComposeCard
        key={editing.opening}
        scope={scope}
        issue={draft}
        hasAddress={setup.footerAddress.trim() !== ''}
        addressError={addressError}
        onAddressError={setAddressError}
        onSaved={(id) => setEditing((e) => ({ ...e, id }))}
        onDone={() => open(null)}
      />
      <IssuesCard scope={scope} issues={setup.issues} onEdit={open} />
      <SettingsCard scope={scope} setup={setup} addressError={addressError} onSaved={() => setAddressError(null)} />
    </div>
  );
}

function SetupPage({ scope, title, description }: { scope: SetupScope; title: string; description: string }) {
  const query = useQuery({
    queryKey: setupKey(scope),
    queryFn: () => call(getNewsletterSetup, { params: { scope } }),
    // While an issue is going out, its results move: follow them.
    refetchInterval: (q) =>
      q.state.data?.issues.some((i) => i.status === 'sending' || (i.status === 'scheduled' && (i.sendAt ?? 0) < Date.now() + 60_000)) ? 2_000 : false,
  });
  return (
    <Page title={title} description={description} wide>
      <QueryState query={query} what="The newsletter" lines={8}>
        {(setup) => <Setup scope={scope} setup={setup} />}
      </QueryState>
    </Page>
  );
}

export function AuthorNewsletterSetupPage() {
  return <SetupPage scope="mine" title="Your newsletter" description="Write to the readers who subscribed on your author page." />;
}

export function SiteNewsletterSetupPage() {
  return <SetupPage scope="site" title="Site newsletter" description="The Quire newsletter: sender, mail transport, issues and results." />;
}
