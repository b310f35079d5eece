// TODO(helper): build this page.
export function CallbackPage() { return null; }
