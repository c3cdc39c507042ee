import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import yazl from 'yazl';

/** A part being written piece by piece; each write waits while the reader is behind. */
export interface ZipPartWriter {
  write(text: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A zip archive (yazl) streamed onto `out` as its parts are added, so a large part (a spreadsheet's
 * rows) is never held whole. yazl writes the parts in the order they are added.
 */
export class ZipWriter {
  private readonly zip = new yazl.ZipFile();

  constructor(private readonly out: Writable) {
    this.zip.outputStream.pipe(out);
  }

  /** A small part whose whole content is at hand. */
  addFile(name: string, content: string) {
    this.zip.addBuffer(Buffer.from(content), name);
  }

  /** A large part, written text by text and deflated at `level`; later parts follow it once it is closed. */
  openFile(name: string, level: number): ZipPartWriter {
    const part = new PassThrough();
    this.zip.addReadStream(part, name, { compressionLevel: level });
    return {
      write: async (text) => {
        if (part.write(text) || this.out.destroyed) return;
        // A reader gone (the download cancelled) never drains; its close ends the wait too.
        const waiting = new AbortController();
        await Promise.race([once(part, 'drain', waiting), once(this.out, 'close', waiting)]).finally(() => waiting.abort());
      },
      close: async () => {
        part.end();
      },
    };
  }

  /** The central directory; then the stream ends. */
  finish() {
    this.zip.end();
  }
}
