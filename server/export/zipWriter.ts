import { once } from 'node:events';
import type { Writable } from 'node:stream';
import zlib from 'node:zlib';

interface ZipEntry {
  name: Buffer;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

/** Bit 11: the name is UTF-8. Bit 3: crc and sizes follow the data (a part written as it is made). */
const UTF8_NAME = 0x0800;
const SIZES_AFTER_DATA = 0x0008;
const DEFLATE = 8;
const VERSION = 20;
/** Without zip64 every size and offset is 32 bits; an archive that outgrows them fails instead of corrupting. */
const LIMIT = 0xffffffff;

function dosTimeAndDate(d: Date): [number, number] {
  return [
    (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  ];
}

/** A part being written piece by piece: deflated on libuv's thread pool, its crc and sizes counted as it goes. */
export interface ZipPartWriter {
  write(text: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A zip archive written front to back onto a stream, so a large part (a spreadsheet's rows) never
 * has to be held whole: each part's local header, its deflated bytes, then (for a streamed part) a
 * data descriptor; the central directory at the end. No zip64: at most 4 GB.
 */
export class ZipWriter {
  private readonly entries: ZipEntry[] = [];
  private offset = 0;
  private readonly time: number;
  private readonly date: number;

  constructor(private readonly out: Writable) {
    [this.time, this.date] = dosTimeAndDate(new Date());
  }

  private put(bytes: Buffer) {
    this.offset += bytes.length;
    this.out.write(bytes);
  }

  /**
   * The 26 bytes a part's local header and its central directory record share, from `at`: version
   * needed, flags, method, time, date, crc, sizes, the name's length.
   */
  private entryFields(h: Buffer, at: number, e: ZipEntry) {
    h.writeUInt16LE(VERSION, at);
    h.writeUInt16LE(e.flags, at + 2);
    h.writeUInt16LE(DEFLATE, at + 4);
    h.writeUInt16LE(this.time, at + 6);
    h.writeUInt16LE(this.date, at + 8);
    h.writeUInt32LE(e.crc, at + 10);
    h.writeUInt32LE(e.compressedSize, at + 14);
    h.writeUInt32LE(e.size, at + 18);
    h.writeUInt16LE(e.name.length, at + 22);
  }

  private localHeader(e: ZipEntry): Buffer {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    this.entryFields(h, 4, e);
    return Buffer.concat([h, e.name]);
  }

  /** A small part whose whole content is at hand. */
  addFile(name: string, content: string) {
    const data = Buffer.from(content);
    const deflated = zlib.deflateRawSync(data);
    const entry: ZipEntry = {
      name: Buffer.from(name),
      flags: UTF8_NAME,
      crc: zlib.crc32(data),
      compressedSize: deflated.length,
      size: data.length,
      offset: this.offset,
    };
    this.entries.push(entry);
    this.put(this.localHeader(entry));
    this.put(deflated);
  }

  /** A large part, written text by text; the archive takes no other part until it is closed. */
  openFile(name: string, level: number): ZipPartWriter {
    const entry: ZipEntry = {
      name: Buffer.from(name),
      flags: UTF8_NAME | SIZES_AFTER_DATA,
      crc: 0,
      compressedSize: 0,
      size: 0,
      offset: this.offset,
    };
    this.entries.push(entry);
    this.put(this.localHeader(entry));
    const deflate = zlib.createDeflateRaw({ level });
    deflate.on('data', (chunk: Buffer) => {
      entry.compressedSize += chunk.length;
      this.put(chunk);
    });
    const ended = once(deflate, 'end');
    return {
      write: async (text) => {
        const data = Buffer.from(text);
        entry.crc = zlib.crc32(data, entry.crc);
        entry.size += data.length;
        if (entry.size > LIMIT || this.offset > LIMIT) throw new Error('zip archive larger than 4 GB');
        if (!deflate.write(data)) await once(deflate, 'drain');
      },
      close: async () => {
        deflate.end();
        await ended;
        const d = Buffer.alloc(16);
        d.writeUInt32LE(0x08074b50, 0);
        d.writeUInt32LE(entry.crc, 4);
        d.writeUInt32LE(entry.compressedSize, 8);
        d.writeUInt32LE(entry.size, 12);
        this.put(d);
      },
    };
  }

  /** The central directory and its end record; then the stream ends. */
  finish() {
    const start = this.offset;
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(VERSION, 4);
      this.entryFields(h, 6, e);
      h.writeUInt32LE(e.offset, 42);
      this.put(Buffer.concat([h, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    this.put(end);
    this.out.end();
  }
}
