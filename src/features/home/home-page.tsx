// TODO(helper): build this page.
export function HomePage() { return null; }
