/** Where the CLI finds the repository's files (demo study, built renderer and shell). */
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DEFAULT_RENDERER_DIR = fileURLToPath(new URL('../../dist/renderer/', import.meta.url));
