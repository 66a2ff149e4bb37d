import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** Relative targets of Markdown links and images, without #fragments; external and in-page links skipped. */
export function relativeLinkTargets(markdown: string): string[] {
  const targets = [...markdown.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);
  return targets.filter((t) => !/^[a-z]+:/i.test(t) && !t.startsWith('#')).map((t) => decodeURI(t.split('#')[0]!));
}

describe('documentation links', () => {
  it('finds relative links and skips the others', () => {
    expect(relativeLinkTargets('[a](docs/a.md#x) [b](https://x.example) [c](#top) ![d](shots/d.png "D")')).toEqual([
      'docs/a.md',
      'shots/d.png',
    ]);
  });

  it.each(PAGES)('%s links only to files that exist', (page) => {
    const missing = relativeLinkTargets(readFileSync(join(ROOT, page), 'utf8')).filter(
      (target) => !existsSync(resolve(ROOT, dirname(page), target)),
    );
    expect(missing).toEqual([]);
  });

  it('keeps README.md short (the rest lives in docs/)', () => {
    expect(readFileSync(join(ROOT, 'README.md')).byteLength).toBeLessThanOrEqual(12 * 1024);
  });
});
