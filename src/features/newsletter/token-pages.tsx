/**
 * The pages an e-mailed link opens: `/newsletter/confirm?token=…` (double opt-in) and
 * `/newsletter/unsubscribe?token=…` (the footer's visible link). Each asks for one click rather
 * than acting on load, so a mail scanner that follows links neither confirms nor unsubscribes.
 */
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { confirmSubscription, unsubscribeByToken } from '../../../sync/api/newsletter';
import { ApiRequestError, call, errorMessage } from '../../lib/api';
import { Button, Card, Notice, Page } from '../../ui';
import './newsletter.css';

function NoToken() {
  return (
    <Notice tone="error" title="This link is incomplete">
      Open the link from the e-mail itself, or copy all of it into the address bar.
    </Notice>
  );
}

export function ConfirmSubscriptionPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useMutation({ mutationFn: () => call(confirmSubscription, { body: { token } }) });
  const expired = confirm.error instanceof ApiRequestError && confirm.error.reason === 'expired';
  return (
    <Page title="Confirm your subscription">
      <Card>
        {!token ? (
          <NoToken />
        ) : confirm.isSuccess ? (
          <Notice tone="success" title="Subscription confirmed">
            You will get {confirm.data.newsletterName} by e-mail. Every issue has an unsubscribe link. <Link to="/newsletter">Your newsletters</Link>
          </Notice>
        ) : confirm.isError ? (
          <Notice tone="error" title={expired ? 'This link has expired' : 'This link cannot be used'}>
            {errorMessage(confirm.error)} <Link to="/newsletter">Subscribe again</Link>
          </Notice>
        ) : (
          <div className="stack">
            <p>One click and you are subscribed.</p>
            <Button onClick={() => confirm.mutate()} loading={confirm.isPending}>
              Confirm subscription
            </Button>
          </div>
        )}
      </Card>
    </Page>
  );
}

export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const leave = useMutation({ mutationFn: () => call(unsubscribeByToken, { query: { token } }) });
  return (
    <Page title="Unsubscribe">
      <Card>
        {!token ? (
          <NoToken />
        ) : leave.isSuccess ? (
          <Notice tone="success" title="You are unsubscribed">
            You will get no more of {leave.data.newsletterName}. Changed your mind? <Link to="/newsletter">Subscribe again</Link>
          </Notice>
        ) : (
          <div className="stack">
            <p>Stop getting this newsletter at this address.</p>
            <Button onClick={() => leave.mutate()} loading={leave.isPending}>
              Unsubscribe
            </Button>
            {leave.isError && <Notice tone="error">{errorMessage(leave.error)}</Notice>}
          </div>
        )}
      </Card>
    </Page>
  );
}
