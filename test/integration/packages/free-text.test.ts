/**
 * Free text from a rater package (comments, actor names, lock times) is what a rater holding the package
 * key can write anything into. A merge accepts a comment only up to the length the app lets a rater save,
 * and whatever reaches a terminal (a refusal, `blindrate status`) shows control characters as visible
 * escapes instead of letting them clear the screen or draw lines.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditContent } from '../../../shared/audit-chain';
import { MAX_COMMENT_LENGTH } from '../../../shared/package-contents';
import { appendAuditContent, readAuditChain } from '../../../db/audit';
import { openStudyDatabase } from '../../../db/connection';
import { mergePackages } from '../../../electron/services/merge';
import {
  assignStudy,
  createSeededStudy,
  fixedClock,
  PACKAGE_PASSPHRASE,
  PASSPHRASE,
  packFor,
  ratingValues,
  type SeededStudy,
} from '../session/fixture';

const CLI = fileURLToPath(new URL('../../../electron/cli/blindrate.mjs', import.meta.url));
/** What a forged value would do on a terminal: clear the screen, home the cursor, draw a line of its own. */
const SCREEN_TAKEOVER = '\u001b[2J\u001b[H ALL RATERS LOCKED\r\n';

let study: SeededStudy;
beforeEach(() => {
  study = createSeededStudy();
  assignStudy(study, ['Dr Ada']);
});
afterEach(() => study.cleanup());

function refusalOf(path: string): string {
  try {
    mergePackages(study.db, [path], fixedClock);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the merge was accepted');
}

describe('comments at merge', () => {
  it(`are accepted up to ${MAX_COMMENT_LENGTH.toLocaleString('en')} characters, as the app saves them, and a longer one is refused naming the task`, () => {
    const ada = packFor(study, 'Dr Ada');
    const [first, second] = ada.session.listAssignments('rating');
    const longest = 'ü'.repeat(MAX_COMMENT_LENGTH);
    // The session service itself takes any length: only the API in front of it caps what the app sends.
    ada.session.saveRating({
      assignmentId: first!.assignmentId,
      values: ratingValues(3),
      comment: longest,
      durationMs: 5,
    });
    ada.session.saveRating({
      assignmentId: second!.assignmentId,
      values: ratingValues(3),
      comment: `${longest}!`,
      durationMs: 5,
    });
    ada.close();
    expect(refusalOf(ada.path)).toBe(
      'Dr-Ada.blindrate: rating task 2: its comment is 20,001 characters long; at most 20,000 are allowed.',
    );
    expect(study.db.prepare('SELECT count(*) FROM responses').pluck().get()).toBe(0);
  });

  it('of 5 MB are refused', () => {
    const ada = packFor(study, 'Dr Ada');
    const [first] = ada.session.listAssignments('rating');
    ada.session.saveRating({
      assignmentId: first!.assignmentId,
      values: ratingValues(3),
      comment: 'x'.repeat(5 * 1024 * 1024),
      durationMs: 5,
    });
    ada.close();
    expect(refusalOf(ada.path)).toMatch(/^Dr-Ada\.blindrate: rating task 1: its comment is 5,242,880 characters long/);
  });
});

describe('terminal control characters from a package', () => {
  it('are shown as visible escapes in a refusal naming a forged actor', () => {
    const ada = packFor(study, 'Dr Ada');
    const [first] = ada.session.listAssignments('rating');
    ada.session.saveRating({ assignmentId: first!.assignmentId, values: ratingValues(3), comment: '', durationMs: 5 });
    ada.close();
    // With the package key, a rater appends an entry under another actor name and recomputes its hash.
    const db = openStudyDatabase(ada.path, PACKAGE_PASSPHRASE, { kind: 'package' });
    const last = [...readAuditChain(db)].at(-1)!;
    const forged: AuditContent = { ...last, actor: SCREEN_TAKEOVER };
    // Chained to the last entry, as the app would: the hash is right, only the content is forged.
    appendAuditContent(db, forged);
    db.close();
    const message = refusalOf(ada.path);
    expect(message).toBe(
      `Dr-Ada.blindrate: audit entry 3 (rating task 1) names "\\u{1B}[2J\\u{1B}[H ALL RATERS LOCKED\\u{D}\\u{A}" as actor, not the package's rater "Dr Ada".`,
    );
  });

  it('in a lock time already in the master are shown as visible escapes by blindrate status', () => {
    // A master that accepted such a lock time before merge checked it still prints it harmlessly.
    study.db.prepare(`UPDATE raters SET locked_at = ? WHERE name = 'Dr Ada'`).run(SCREEN_TAKEOVER);
    study.db.close();
    const shown = execFileSync(process.execPath, [CLI, 'status', study.path], {
      env: { ...process.env, BLINDRATE_PASSPHRASE: PASSPHRASE },
      encoding: 'utf8',
    });
    expect([...shown].filter((c) => c !== '\n' && /\p{Cc}/u.test(c))).toEqual([]);
    expect(shown).toContain('locked \\u{1B}[2J\\u{1B}[H ALL RATERS LOCKED\\u{D}\\u{A}');
    const lines = shown.split('\n').filter((line) => line.includes('ALL RATERS LOCKED'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^ {2}Dr Ada {2}not issued {2}not returned {2}locked /);
  });
});
