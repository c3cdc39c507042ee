import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's folder: the nearest above this module that holds package.json (from source server/, built .build/server/). */
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    if (path.dirname(dir) === dir) throw new Error('package.json not found above the server');
    dir = path.dirname(dir);
  }
  return dir;
}

const ROOT = projectRoot();
/** Built by server/cli/build.js (npm start), the server is JavaScript and loads the built route plugins. */
const BUILT = import.meta.url.endsWith('.js');

/** The feature plugins, one a file, each its default export. */
export const ROUTES_DIR = path.join(ROOT, BUILT ? '.build/server/routes' : 'server/routes');
/** drizzle-kit's migrations, read from the sources whether the server runs built or not. */
export const MIGRATIONS_DIR = path.join(ROOT, 'server/db/migrations');
