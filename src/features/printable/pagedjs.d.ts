/** The part of Paged.js (no bundled types) the print layout uses. */
declare module 'pagedjs' {
  export class Previewer {
    constructor(options?: Record<string, unknown>);
    polisher: { destroy(): void };
    chunker: { destroy(): void; stop(): void };
    on(event: 'page', listener: (page: unknown) => void): void;
    preview(
      content: DocumentFragment | string,
      stylesheets: (string | Record<string, string>)[],
      renderTo: HTMLElement,
    ): Promise<{ total: number; performance: number }>;
  }
}
