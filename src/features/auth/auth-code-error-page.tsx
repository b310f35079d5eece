// TODO(helper): build this page.
export function AuthCodeErrorPage() { return null; }
