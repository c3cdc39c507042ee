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
