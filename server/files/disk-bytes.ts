/** Blob bytes in the data directory, `<dataDir>/blobs/ab/<sha256>`: one server owns the folder. */
import fs from 'node:fs';
import path from 'node:path';
import { blobPath, type BlobBytes, type ByteRange } from './blob-bytes';

export class DiskBytes implements BlobBytes {
  readonly describe = 'disk';
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'blobs');
  }

  private fileOf(hash: string): string {
    return path.join(this.root, blobPath(hash));
  }

  async has(hash: string): Promise<boolean> {
    return fs.existsSync(this.fileOf(hash));
  }

  async write(hash: string, bytes: Uint8Array): Promise<void> {
    const file = this.fileOf(hash);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a crash never leaves a truncated file under a valid hash.
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.promises.writeFile(tmp, bytes);
    await fs.promises.rename(tmp, file);
  }

  async writeFile(hash: string, source: string): Promise<void> {
    const file = this.fileOf(hash);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.promises.copyFile(source, tmp);
    await fs.promises.rename(tmp, file);
  }

  async read(hash: string): Promise<Buffer | null> {
    try {
      return await fs.promises.readFile(this.fileOf(hash));
    } catch {
      return null;
    }
  }

  async stream(hash: string, range?: ByteRange) {
    const file = this.fileOf(hash);
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(file, 'r');
    } catch {
      return null;
    }
    // The open handle keeps the bytes readable even if a release removes the file meanwhile.
    const { size } = await handle.stat();
    return { body: handle.createReadStream(range ? { start: range.start, end: range.end } : {}), size };
  }

  async delete(hash: string): Promise<void> {
    await fs.promises.rm(this.fileOf(hash), { force: true });
  }
}
