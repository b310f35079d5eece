// TODO(helper): build this page.
export function DevIndexPage() { return null; }
