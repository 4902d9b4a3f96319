// The scripts' one walk of a source tree.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir` whose name ends in one of `endings`, not entering folders named in `skip`. */
export function filesUnder(dir, endings, skip = new Set()) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return skip.has(name) ? [] : filesUnder(path, endings, skip);
    return endings.some((e) => name.endsWith(e)) ? [path] : [];
  });
}
