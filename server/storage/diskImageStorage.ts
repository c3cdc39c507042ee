import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isStoredName, newStoredName, type ImageExt, type ImageStorage } from './imageStorage';

/**
 * Images as files in one folder: `${dataDir}/uploads` (served publicly), or a private folder whose
 * files only their owner reads (mode 0o600, server/serviceRecords/privateImages.ts).
 */
export function diskImageStorage(dir: string, mode = 0o644): ImageStorage {
  return {
    async save(bytes: Buffer, ext: ImageExt) {
      await fs.promises.mkdir(dir, { recursive: true });
      const name = newStoredName(ext);
      // "wx": never overwrite, even in the astronomically unlikely event of a repeated name.
      await fs.promises.writeFile(path.join(dir, name), bytes, { flag: 'wx', mode });
      return name;
    },
    async open(name: string): Promise<Readable | undefined> {
      if (!isStoredName(name)) return undefined;
      try {
        const handle = await fs.promises.open(path.join(dir, name), 'r');
        return handle.createReadStream();
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw e;
      }
    },
    async remove(name: string): Promise<void> {
      if (!isStoredName(name)) return;
      await fs.promises.rm(path.join(dir, name), { force: true });
    },
    async storedBefore(at: number): Promise<string[]> {
      let entries: string[];
      try {
        entries = await fs.promises.readdir(dir);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw e;
      }
      const old = await Promise.all(
        entries.filter(isStoredName).map(async (name) => {
          // A file removed meanwhile is simply not listed.
          const stat = await fs.promises.stat(path.join(dir, name)).catch(() => undefined);
          return stat !== undefined && stat.mtimeMs < at ? name : undefined;
        }),
      );
      return old.filter((name) => name !== undefined);
    },
  };
}
