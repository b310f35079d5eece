// TODO(helper): build this page.
export function AuthorRequestsPage() { return null; }
export function PublisherRequestsPage() { return null; }
