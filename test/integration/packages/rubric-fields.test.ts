/**
 * A package carries the study's rubric whole, instructions and idle times included; a package issued
 * before those fields existed still opens, with no instructions and the default idle times.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readPackageMeta, writePackageMeta } from '../../../db/package-file';
import { readPackageFacts } from '../../../electron/services/session';
import { readActiveRubric } from '../../../electron/services/study';
import { DEFAULT_IDLE } from '../../../shared/rubric';
import { assignStudy, createSeededStudy, openPackageFile, packFor, type SeededStudy } from '../session/fixture';

let study: SeededStudy;
beforeEach(() => {
  study = createSeededStudy();
  assignStudy(study, ['Dr Ada'], 1);
});
afterEach(() => study.cleanup());

it('carries the rubric as the master holds it', () => {
  const p = packFor(study, 'Dr Ada');
  try {
    expect(readPackageFacts(p.db).rubric).toEqual(readActiveRubric(study.db));
  } finally {
    p.close();
  }
});

it('opens a package whose rubric predates instructions and idle times, with their defaults', () => {
  const p = packFor(study, 'Dr Ada');
  const { instructions: _instructions, idle: _idle, ...older } = JSON.parse(readPackageMeta(p.db, 'rubric')!);
  writePackageMeta(p.db, 'rubric', JSON.stringify(older));
  p.close();

  const reopened = openPackageFile(p.path);
  try {
    expect(readPackageFacts(reopened.db).rubric).toMatchObject({ instructions: '', idle: DEFAULT_IDLE });
    expect(reopened.session.listAssignments('rating').length).toBeGreaterThan(0);
  } finally {
    reopened.close();
  }
});
