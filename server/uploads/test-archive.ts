/**
 * For tests and `npm run bench:publish`: a ZIP written as a stream, one entry at a time (each
 * stored, its bytes made when it is reached and dropped once sent), so a test can send an archive
 * of hundreds of megabytes without holding it and measure what the server holds.
 */
import { crc32 } from 'node:zlib';

export interface StreamedEntry {
  name: string;
  bytes: () => Uint8Array | Promise<Uint8Array>;
}

function localHeader(name: Uint8Array, crc: number, size: number): Uint8Array {
  const h = new DataView(new ArrayBuffer(30));
  h.setUint32(0, 0x04034b50, true);
  h.setUint16(4, 20, true);
  h.setUint16(6, 0x800, true); // UTF-8 names
  h.setUint32(14, crc, true);
  h.setUint32(18, size, true);
  h.setUint32(22, size, true);
  h.setUint16(26, name.byteLength, true);
  return concat([new Uint8Array(h.buffer), name]);
}

function centralHeader(name: Uint8Array, crc: number, size: number, offset: number): Uint8Array {
  const h = new DataView(new ArrayBuffer(46));
  h.setUint32(0, 0x02014b50, true);
  h.setUint16(4, 20, true);
  h.setUint16(6, 20, true);
  h.setUint16(8, 0x800, true);
  h.setUint32(16, crc, true);
  h.setUint32(20, size, true);
  h.setUint32(24, size, true);
  h.setUint16(28, name.byteLength, true);
  h.setUint32(42, offset, true);
  return concat([new Uint8Array(h.buffer), name]);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** A stored (uncompressed) ZIP of the entries, produced as it is read; under 4 GiB. */
export function streamedZip(entries: Iterable<StreamedEntry>): ReadableStream<Uint8Array> {
  const iterator = entries[Symbol.iterator]();
  const central: Uint8Array[] = [];
  let offset = 0;
  let done = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (done) return;
      const next = iterator.next();
      if (next.done) {
        const dir = concat(central);
        const end = new DataView(new ArrayBuffer(22));
        end.setUint32(0, 0x06054b50, true);
        end.setUint16(8, central.length, true);
        end.setUint16(10, central.length, true);
        end.setUint32(12, dir.byteLength, true);
        end.setUint32(16, offset, true);
        controller.enqueue(concat([dir, new Uint8Array(end.buffer)]));
        controller.close();
        done = true;
        return;
      }
      const name = new TextEncoder().encode(next.value.name);
      const bytes = await next.value.bytes();
      const crc = crc32(bytes);
      const header = localHeader(name, crc, bytes.byteLength);
      central.push(centralHeader(name, crc, bytes.byteLength, offset));
      offset += header.byteLength + bytes.byteLength;
      controller.enqueue(header);
      controller.enqueue(bytes);
    },
  });
}
