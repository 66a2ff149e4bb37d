// `npx tsx build/checksums.ts DIR OUT` (release workflow): SHA-256 of every installer in DIR, in the
// format `sha256sum -c` and `shasum -a 256 -c` read, written to DIR/OUT.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const INSTALLER_EXTENSIONS = ['.deb', '.AppImage', '.dmg', '.exe'];

export function checksumLines(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => INSTALLER_EXTENSIONS.some((extension) => name.endsWith(extension)))
    .sort()
    .map(
      (name) =>
        `${createHash('sha256')
          .update(readFileSync(join(dir, name)))
          .digest('hex')}  ${name}\n`,
    );
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const [dir = '', out = ''] = process.argv.slice(2);
  const lines = checksumLines(dir);
  if (lines.length === 0) {
    console.error(`No installer in ${dir}.`);
    process.exit(1);
  }
  writeFileSync(join(dir, out), lines.join(''));
  console.log(`${out}: ${lines.length} installer(s).`);
}
