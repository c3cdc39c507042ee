import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ZipWriter } from '../../server/export/zipArchive';

describe('the streamed zip archive', () => {
  it('lets a part being written go once its reader is gone, though the reader stalled', async () => {
    // A reader that takes the first chunk and never asks for more: a download that stalls, then is cancelled.
    let firstChunk: () => void;
    const stalled = new Promise<void>((r) => (firstChunk = r));
    const out = new Writable({ highWaterMark: 1024, write: () => firstChunk() });
    const zip = new ZipWriter(out);
    zip.addFile('small.txt', 'small');
    const part = zip.openFile('large.txt', 1);
    let written = 0;
    const writing = (async () => {
      for (let i = 0; i < 1000; i++) {
        await part.write('x'.repeat(64 * 1024) + i);
        written++;
      }
    })();
    await stalled;
    out.destroy();
    await writing;
    expect(written).toBe(1000);
  });
});
