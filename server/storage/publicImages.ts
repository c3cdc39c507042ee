import path from 'node:path';
import { diskImageStorage } from './diskImageStorage';
import type { ImageStorage } from './imageStorage';

/** The public uploads: `${dataDir}/uploads`, served by GET upload/:name to anyone who has the name. */
export function publicImageStorage(dataDir: string): ImageStorage {
  return diskImageStorage(path.join(dataDir, 'uploads'));
}
