// The script-tag bundle and the files it loads when needed, from the package
// (what express.static(BROWSER_FILES) serves in express.js).
import { readFile } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import { apps } from '../../../next-apps.js';

const TYPES = { '.js': 'text/javascript; charset=utf-8', '.map': 'application/json' };

export async function GET(_request, { params }) {
  const { browserFiles } = apps();
  const path = join(browserFiles, ...(await params).file);
  const type = TYPES[extname(path)];
  if (!type || !path.startsWith(browserFiles + sep)) return new Response('Not found', { status: 404 });
  try {
    return new Response(await readFile(path), { headers: { 'content-type': type } });
  } catch {
    return new Response('Not found', { status: 404 });
  }
}
