import path from 'node:path';
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
