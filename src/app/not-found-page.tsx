import { EmptyState, LinkButton, usePageTitle } from '../ui';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <div className="page">
      <EmptyState level={1} title="Page not found" action={<LinkButton to="/">Go to the home page</LinkButton>}>
        <p>There's no page at this address. It may have moved, or the link may be mistyped.</p>
      </EmptyState>
    </div>
  );
}
