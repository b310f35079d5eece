/**
 * Paged.js behind one function. The library (≈ 900 KB) is imported here only, when the print
 * page typesets, so it never reaches the first-load bundle. Paged.js adds its styles to the
 * document head; `cancel` takes them out again and stops the layout at its next page (Paged.js
 * has no abort: a throwing page listener is the one way out of its layout loop).
 */
export interface Typesetting {
  done: Promise<number>;
  cancel(): void;
}

class Cancelled extends Error {}

export function typeset(html: string, css: Record<string, string>[], into: HTMLElement, onPage: (count: number) => void): Typesetting {
  let cancelled = false;
  let cleanup = () => {};
  const done = (async () => {
    const { Previewer } = await import('pagedjs');
    if (cancelled) throw new Cancelled();
    const template = document.createElement('template');
    template.innerHTML = html;
    await imagesReady(template.content);
    if (cancelled) throw new Cancelled();
    const previewer = new Previewer();
    cleanup = () => {
      previewer.polisher.destroy();
      into.replaceChildren();
    };
    let pages = 0;
    previewer.on('page', () => {
      if (cancelled) throw new Cancelled();
      onPage(++pages);
    });
    const flow = await previewer.preview(template.content, css, into);
    return flow.total;
  })();
  return {
    done,
    cancel() {
      cancelled = true;
      cleanup();
    },
  };
}

export const isCancelled = (err: unknown) => err instanceof Cancelled;

/** Images laid out before they load have no size and overflow their page: load them first. */
async function imagesReady(root: DocumentFragment): Promise<void> {
  const images = [...root.querySelectorAll('img')].map((img) => {
    const probe = new Image();
    probe.src = img.src;
    return probe.decode().catch(() => undefined);
  });
  await Promise.race([Promise.all(images), new Promise((r) => setTimeout(r, 10_000))]);
}
