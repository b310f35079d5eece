// TODO(helper): build this page.
export function AuthPage() { return null; }
