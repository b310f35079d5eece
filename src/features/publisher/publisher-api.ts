/** Query keys of the publisher pages: everything of one imprint is refreshed together after a change. */
export const publisherKey = (imprintId: string, ...parts: unknown[]) => ['publisher', imprintId, ...parts];
