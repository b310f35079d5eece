/** `/newsletter/archive/{id}`: one sent issue, as the server rendered its Markdown. */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { archivedIssue } from '../../../sync/api/newsletter';
import { call } from '../../lib/api';
import { Page, QueryState, formatDate } from '../../ui';
import './newsletter.css';

export function ArchivedIssuePage() {
  const { issueId = '' } = useParams();
  const query = useQuery({ queryKey: ['newsletter', 'issue', issueId], queryFn: () => call(archivedIssue, { params: { id: issueId } }) });
  return (
    <Page
      title={query.data?.subject ?? 'Newsletter issue'}
      description={query.data ? `${query.data.newsletterName} · ${formatDate(query.data.sentAt)}` : undefined}
    >
      <p>
        <Link to="/newsletter">All newsletters</Link>
      </p>
      <QueryState query={query} what="This issue" lines={8}>
        {/* The server made this HTML with markdown-it, raw HTML off: nothing the sender typed is markup. */}
        {(issue) => <article className="newsletter-issue" dangerouslySetInnerHTML={{ __html: issue.html }} />}
      </QueryState>
    </Page>
  );
}
