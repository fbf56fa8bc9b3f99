import { createWriteStream, type WriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** The zip of one package, written file by file to disk: never the whole package in memory. */
export class PackageWriter {
  private readonly out: WriteStream;
  private readonly zip: Zip;
  private failure: Error | null = null;
  private readonly closed: Promise<void>;

  constructor(file: string) {
    this.out = createWriteStream(file);
    this.closed = new Promise((resolve, reject) => {
      this.out.once('close', resolve);
      this.out.once('error', reject);
    });
    this.zip = new Zip((error, chunk, final) => {
      if (error) {
        this.failure = error;
        return;
      }
      this.out.write(chunk);
      if (final) this.out.end();
    });
  }

  private async drained() {
    if (this.failure) throw this.failure;
    if (this.out.writableNeedDrain)
      await new Promise<void>((resolve) => this.out.once('drain', () => resolve()));
  }

  async text(name: string, text: string | Uint8Array) {
    const entry = new ZipDeflate(name, { level: 6 });
    this.zip.add(entry);
    entry.push(typeof text === 'string' ? new TextEncoder().encode(text) : text, true);
    await this.drained();
  }

  /** A stream stored as it is (video, PDF, pictures: compressed already) or deflated. */
  async stream(name: string, stream: Readable, deflate = false) {
    const entry = deflate ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    this.zip.add(entry);
    for await (const chunk of stream) {
      entry.push(chunk as Uint8Array);
      await this.drained();
    }
    entry.push(new Uint8Array(0), true);
    await this.drained();
  }

  async close() {
    this.zip.end();
    await this.closed;
    if (this.failure) throw this.failure;
  }

  abort() {
    this.zip.terminate();
    this.out.destroy();
  }
}
