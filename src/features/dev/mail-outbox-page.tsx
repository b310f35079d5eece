// TODO(helper): build this page.
export function MailOutboxPage() { return null; }
