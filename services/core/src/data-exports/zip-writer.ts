import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { createDeflateRaw } from 'node:zlib';

/**
 * A streaming ZIP writer (PKWARE APPNOTE: deflated entries with data descriptors, UTF-8 names,
 * no ZIP64: entries and the archive stay under 4 GB). Each entry's bytes go through zlib into
 * `out` as they are written, with backpressure, so memory stays flat whatever the size. No
 * dependency: archiver and yazl are not in the repository's packages (archiver only under
 * exceljs), and these 150 lines are all a data export needs. Tests read the result with Info-ZIP.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(crc: number, bytes: Uint8Array): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = (CRC_TABLE[(c ^ (bytes[i] ?? 0)) & 0xff] ?? 0) ^ (c >>> 8);
  return ~c >>> 0;
}

const FLAGS = 0x0808; // bit 3: sizes and CRC in a data descriptor; bit 11: UTF-8 names
const DEFLATE = 8;
const VERSION = 20;

function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(at.getFullYear(), 1980);
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

interface WrittenEntry {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

/** What an entry's content is written through. */
export interface ZipEntrySink {
  write(data: string | Uint8Array): Promise<void>;
}

export class ZipWriter {
  private offset = 0;
  private readonly entries: WrittenEntry[] = [];
  private readonly stamp: { time: number; date: number };

  constructor(
    private readonly out: Writable,
    at = new Date(),
  ) {
    this.stamp = dosDateTime(at);
  }

  private async emit(bytes: Uint8Array): Promise<void> {
    this.offset += bytes.length;
    if (!this.out.write(bytes)) await once(this.out, 'drain');
  }

  /** Adds one deflated entry whose content `produce` writes (string as UTF-8) through the sink. */
  async addEntry(name: string, produce: (sink: ZipEntrySink) => Promise<void>): Promise<void> {
    const nameBytes = Buffer.from(name, 'utf8');
    const entry: WrittenEntry = { name: nameBytes, offset: this.offset, crc: 0, compressed: 0, size: 0 };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    header.writeUInt16LE(nameBytes.length, 26);
    await this.emit(header);
    await this.emit(nameBytes);

    const deflate = createDeflateRaw({ level: 6 });
    const pump = (async () => {
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        entry.compressed += chunk.length;
        await this.emit(chunk);
      }
    })();
    const sink: ZipEntrySink = {
      write: async (data) => {
        const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
        if (bytes.length === 0) return;
        entry.crc = crc32(entry.crc, bytes);
        entry.size += bytes.length;
        if (!deflate.write(bytes)) await once(deflate, 'drain');
      },
    };
    try {
      await produce(sink);
    } finally {
      deflate.end();
      await pump;
    }
    if (entry.size >= 0xffffffff || this.offset >= 0xffffffff) throw new Error('ZIP64 is not supported');

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.emit(descriptor);
    this.entries.push(entry);
  }

  /** Writes the central directory and its end record, and ends `out` (resolves when flushed). */
  async finish(): Promise<number> {
    const start = this.offset;
    for (const entry of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(VERSION, 4);
      header.writeUInt16LE(VERSION, 6);
      header.writeUInt16LE(FLAGS, 8);
      header.writeUInt16LE(DEFLATE, 10);
      header.writeUInt16LE(this.stamp.time, 12);
      header.writeUInt16LE(this.stamp.date, 14);
      header.writeUInt32LE(entry.crc, 16);
      header.writeUInt32LE(entry.compressed, 20);
      header.writeUInt32LE(entry.size, 24);
      header.writeUInt16LE(entry.name.length, 28);
      header.writeUInt32LE(entry.offset, 42);
      await this.emit(header);
      await this.emit(entry.name);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.emit(end);
    const finished = once(this.out, 'finish');
    this.out.end();
    await finished;
    return this.offset;
  }
}
