// TODO(helper): build this page.
export function AccountDeletionPage() { return null; }
