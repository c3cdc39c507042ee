import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { serviceRecordPhotos, serviceRecords } from '../db/schema';
import { diskImageStorage } from '../storage/diskImageStorage';
import type { ImageStorage } from '../storage/imageStorage';

/**
 * Where signatures and visit photos live: a folder of the data directory that no public route
 * serves (the public uploads are `${dataDir}/uploads`), files readable by the server's user only.
 * They reach a browser only through the guarded, audited routes of server/routes/serviceRecords.ts.
 */
export function privateImageStorage(dataDir: string): ImageStorage {
  return diskImageStorage(path.join(dataDir, 'private', 'service-records'), 0o600);
}

/**
 * How the uploads table names an image that lives in this store (a visit photo, or an upload taken
 * as a signature): never a name the public upload route serves, so the row only counts it.
 */
export const privateUploadName = (storedName: string): string => `private/service-records/${storedName}`;

/** A file no row names is swept once it is this old: no transaction writing one runs this long. */
export const UNNAMED_FILE_AGE_MS = 3600_000;

const NAMES_PER_QUERY = 1000;

/** Those of `names` that a row names: a visit photo, or the signature of a record. */
async function namedFiles(db: Db, names: string[]): Promise<Set<string>> {
  const named = new Set<string>();
  for (let i = 0; i < names.length; i += NAMES_PER_QUERY) {
    const some = names.slice(i, i + NAMES_PER_QUERY);
    const [photos, signatures] = await Promise.all([
      db.select({ name: serviceRecordPhotos.storedName }).from(serviceRecordPhotos).where(inArray(serviceRecordPhotos.storedName, some)),
      db.select({ name: serviceRecords.signatureName }).from(serviceRecords).where(inArray(serviceRecords.signatureName, some)),
    ]);
    for (const { name } of [...photos, ...signatures]) if (name !== null) named.add(name);
  }
  return named;
}

/** Deletes those of `names` that no row names. */
async function removeUnnamed(db: Db, storage: ImageStorage, names: string[]): Promise<string[]> {
  const named = await namedFiles(db, names);
  const unnamed = names.filter((name) => !named.has(name));
  await Promise.all(unnamed.map((name) => storage.remove(name)));
  return unnamed;
}

/**
 * Runs a change that writes private files (a photo, a signature) in a transaction of its own. If the
 * transaction fails, the files it wrote go with it; a file a row names after all (a commit whose
 * answer was lost) is kept, and if the database cannot say, the sweep decides later.
 */
export async function withPrivateFiles<T>(db: Db, storage: ImageStorage, change: (tx: Tx, files: ImageStorage) => Promise<T>): Promise<T> {
  const written: string[] = [];
  const files: ImageStorage = {
    ...storage,
    async save(bytes, ext) {
      const name = await storage.save(bytes, ext);
      written.push(name);
      return name;
    },
  };
  try {
    return await db.transaction((tx) => change(tx, files));
  } catch (e) {
    await removeUnnamed(db, storage, written).catch(() => undefined);
    throw e;
  }
}

/**
 * The periodic sweep: deletes the private files older than UNNAMED_FILE_AGE_MS that no row names
 * (a photo deleted or withdrawn whose file outlived a crash, a file of a transaction that never
 * finished). Answers the names deleted.
 */
export async function sweepUnnamedPrivateFiles(db: Db, storage: ImageStorage, now = Date.now()): Promise<string[]> {
  return removeUnnamed(db, storage, await storage.storedBefore(now - UNNAMED_FILE_AGE_MS));
}
