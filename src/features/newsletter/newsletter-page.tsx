/**
 * `/newsletter`: sign up to the site newsletter (signed in or with just an address), the
 * signed-in reader's subscriptions with "Unsubscribe", and the archive of past issues. Authors
 * find the way to their own newsletter's setup here.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { leaveSubscription, mySubscriptions, newsletterArchive, SITE_NEWSLETTER, type Subscription } from '../../../sync/api/newsletter';
import { can } from '../../../sync/roles';
import { call, errorMessage } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Badge, Button, Card, EmptyState, LinkButton, Page, QueryState, formatDate, useToast } from '../../ui';
import { SubscribeForm } from './subscribe-form';
import './newsletter.css';

const STATUS = {
  active: { tone: 'success', label: 'Subscribed' },
  pending: { tone: 'warning', label: 'Waiting for confirmation' },
  unsubscribed: { tone: 'neutral', label: 'Unsubscribed' },
} as const;

function SubscriptionItem({ subscription }: { subscription: Subscription }) {
  const qc = useQueryClient();
  const toast = useToast();
  const leave = useMutation({
    mutationFn: () => call(leaveSubscription, { params: { id: subscription.id } }),
    onSuccess: () => {
      toast(`You left ${subscription.newsletterName}.`, { tone: 'success' });
      void qc.invalidateQueries({ queryKey: ['newsletter'] });
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  });
  const status = STATUS[subscription.status];
  return (
    <li className="newsletter-sub">
      <div>
        <strong>{subscription.newsletterName}</strong>
        <p className="muted">
          {subscription.email} · since {formatDate(subscription.since)}
        </p>
      </div>
      <Badge tone={status.tone}>{status.label}</Badge>
      {subscription.status !== 'unsubscribed' && (
        <Button
          variant="secondary"
          size="sm"
          loading={leave.isPending}
          onClick={() => leave.mutate()}
          aria-label={`Unsubscribe from ${subscription.newsletterName}`}
        >
          Unsubscribe
        </Button>
      )}
    </li>
  );
}

function MySubscriptions() {
  const query = useQuery({ queryKey: ['newsletter', 'subscriptions'], queryFn: () => call(mySubscriptions) });
  return (
    <Card title="Your subscriptions">
      <QueryState query={query} what="Your subscriptions" lines={3}>
        {({ subscriptions }) =>
          subscriptions.length === 0 ? (
            <p className="muted">
              None yet. Subscribe to the site newsletter here, or to an author's from their page (<Link to="/authors">authors</Link>).
            </p>
          ) : (
            <ul className="newsletter-subs">
              {subscriptions.map((s) => (
                <SubscriptionItem key={s.id} subscription={s} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </Card>
  );
}

function Archive() {
  const { user } = useSession();
  const query = useQuery({ queryKey: ['newsletter', 'archive', user?.id ?? null], queryFn: () => call(newsletterArchive) });
  return (
    <Card title="Past issues">
      <QueryState query={query} what="The archive" lines={4}>
        {({ issues }) =>
          issues.length === 0 ? (
            <EmptyState title="No issues yet">
              <p>Issues appear here once they have been sent.</p>
            </EmptyState>
          ) : (
            <ul className="newsletter-archive">
              {issues.map((i) => (
                <li key={i.id}>
                  <Link to={`/newsletter/archive/${i.id}`}>{i.subject}</Link>
                  <span className="muted">
                    {' '}
                    {i.newsletterName} · {formatDate(i.sentAt)}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </Card>
  );
}

export function NewsletterPage() {
  const { user } = useSession();
  return (
    <Page
      title="Newsletters"
      description="News from Quire and from the authors you read, by e-mail. Every issue can be left with one click."
      actions={
        can(user, 'newsletter:write') ? (
          <LinkButton to="/newsletter/setup" variant="secondary">
            Your newsletter
          </LinkButton>
        ) : undefined
      }
    >
      <div className="newsletter-grid">
        <Card title="The Quire newsletter">
          <p>New books, authors to meet and what changes on Quire, about once a month.</p>
          <SubscribeForm newsletterId={SITE_NEWSLETTER} />
        </Card>
        {user && <MySubscriptions />}
        <Archive />
      </div>
    </Page>
  );
}
