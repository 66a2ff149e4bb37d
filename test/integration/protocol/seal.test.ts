/**
 * The sealed protocol: what it holds (and does not: the plan secret), its canonical bytes and hash in the
 * audit chain, and every change after the seal refused with the master byte-identical, or recorded as a
 * deviation that the report and its Methods paragraph show.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAuditChain, sha256 } from '../../../db/audit';
import { readPlanSecret } from '../../../db/plan';
import { writeStudyReport } from '../../../electron/services/analysis';
import { addRaters, assignRaters } from '../../../electron/services/plan';
import {
  analysisInForce,
  buildProtocol,
  DEFAULT_PLANNED_ANALYSIS,
  plannedAnalysisOptions,
  readProtocolRecord,
  sealProtocol,
} from '../../../electron/services/protocol';
import { drawSample } from '../../../electron/services/sampler';
import { openStudy } from '../../../electron/services/study';
import { verifyAuditChain } from '../../../shared/audit-chain';
import { protocolHash, serialiseProtocol } from '../../../shared/protocol';
import { importFiles } from '../../../electron/services/importer';
import { fixedClock, freshStudy, PASSPHRASE } from '../engine/helpers';
import { sampledStudy } from '../packages/sampled-study';
import { answerEveryAssignment } from './answer-plan';

const RATERS = ['Dr Ada', 'Dr Bob', 'Dr Cyd'];
const laterClock = () => new Date('2025-03-09T10:00:00.000Z');
const fileHash = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** 2 models × 40 questions with one rating sample (4 bins × 4), no preference sample yet. */
async function ratingOnlyStudy() {
  const study = freshStudy();
  const lines = [];
  for (let q = 0; q < 40; q++)
    for (const model of ['orca-7b', 'lynx-13b'])
      lines.push(
        JSON.stringify({
          item_id: `q${q}`,
          question: `Question ${q}?`,
          reference: `Reference ${q}.`,
          model,
          output: `${model} on ${q}.`,
          scores: { rouge1: ((q * 37 + model.length) % 97) / 97 },
        }),
      );
  const file = join(study.folder, 'outputs.jsonl');
  writeFileSync(file, `${lines.join('\n')}\n`);
  await importFiles(study.db, [file], { clock: fixedClock });
  drawSample(
    study.db,
    { task: 'rating', bins: 4, perBin: 4, seed: 1, metrics: ['rouge1'], disjoint: true },
    fixedClock,
  );
  return study;
}

async function plannedStudy() {
  const study = await sampledStudy();
  assignRaters(study.db, { raters: RATERS, overlap: 2, seed: 3, clock: fixedClock });
  return { ...study, path: join(study.folder, 'study.db') };
}

describe('blindrate seal', () => {
  it('hashes the whole protocol, without the plan secret, into the audit chain', async () => {
    const { db } = await plannedStudy();
    const seal = sealProtocol(db, { ...DEFAULT_PLANNED_ANALYSIS, bootstrap: 400, seed: 11 }, fixedClock);
    const { protocol } = seal;

    expect(protocol.rubric.dimensions.map((d) => d.key)).toEqual([
      'factuality',
      'brevity',
      'patient_friendliness',
      'relevance',
      'safety',
    ]);
    // Anchors and instructions are part of what is sealed.
    expect(protocol.rubric.dimensions[0]!.scale.every((point) => point.label !== '')).toBe(true);
    expect(protocol.samples.map((s) => [s.task, s.bins, s.perBin, s.seed, s.binningMetrics, s.outputs.length])).toEqual(
      [
        ['rating', 4, 4, 1, ['rouge1'], 48],
        ['preference', 2, 8, 2, ['rouge1'], 48],
      ],
    );
    expect(protocol.plan.raters.map((r) => r.code)).toEqual(['R01', 'R02', 'R03']);
    // Overlap 2 over 96 outputs: 192 showings, no name anywhere in the protocol.
    const dealt = protocol.plan.raters.flatMap((r) => [...(r.outputs.rating ?? []), ...(r.outputs.preference ?? [])]);
    expect(dealt).toHaveLength(192);
    const text = serialiseProtocol(protocol);
    for (const name of RATERS) expect(text).not.toContain(name);
    expect(text).not.toContain(readPlanSecret(db)!.toString('hex'));
    expect(protocol.analysis).toEqual({
      bootstrap: 400,
      seed: 11,
      metrics: ['rouge1'],
      fastMs: 5000,
      straightRun: 10,
      adjudication: 'none',
    });

    // The app's Reports screen and report downloads run the sealed analysis.
    expect(plannedAnalysisOptions(db)).toEqual({ bootstrap: 400, seed: 11, qc: { fastMs: 5000, straightRun: 10 } });
    expect(seal.hash).toBe(sha256(text));
    const entries = [...readAuditChain(db)];
    const last = entries.at(-1)!;
    expect([last.action, last.entityId]).toEqual(['protocol.seal', seal.hash]);
    expect(verifyAuditChain(entries, sha256).ok).toBe(true);
  });

  it('serialises canonically: the same study gives the same bytes after reopening', async () => {
    const { db, path } = await plannedStudy();
    const before = serialiseProtocol(buildProtocol(db, DEFAULT_PLANNED_ANALYSIS, '1.0.0'));
    db.close();
    const reopened = openStudy(path, PASSPHRASE);
    expect(serialiseProtocol(buildProtocol(reopened, DEFAULT_PLANNED_ANALYSIS, '1.0.0'))).toBe(before);
    // Keys are sorted at every level: the rubric's fields come out in code-unit order.
    expect(before.indexOf('"analysis"')).toBeLessThan(before.indexOf('"blindrateVersion"'));
    reopened.close();
  });

  it('refuses to seal twice and before there is a plan', async () => {
    const study = await sampledStudy();
    expect(() => sealProtocol(study.db, DEFAULT_PLANNED_ANALYSIS, fixedClock)).toThrow(
      'Nothing to seal yet: draw the samples and assign the raters first.',
    );
    assignRaters(study.db, { raters: RATERS, overlap: 2, seed: 3, clock: fixedClock });
    const seal = sealProtocol(study.db, DEFAULT_PLANNED_ANALYSIS, fixedClock);
    expect(() => sealProtocol(study.db, DEFAULT_PLANNED_ANALYSIS, laterClock)).toThrow(
      `The protocol was already sealed on 2025-03-01T12:00:00.000Z (SHA-256 ${seal.hash.slice(0, 12)}); changes since are deviations.`,
    );
  });

  it('refuses a re-plan, added raters and other analysis options without a reason, the master byte-identical', async () => {
    const { db, path } = await plannedStudy();
    const seal = sealProtocol(db, DEFAULT_PLANNED_ANALYSIS, fixedClock);
    db.close();
    const before = fileHash(path);
    const master = openStudy(path, PASSPHRASE);
    const sealed = `The protocol was sealed on 2025-03-01T12:00:00.000Z (SHA-256 ${seal.hash.slice(0, 12)})`;
    const leave = 'give the reason for the deviation to record it, or leave the protocol as sealed.';
    expect(() =>
      assignRaters(master, { raters: RATERS, overlap: 3, seed: 3, replace: true, clock: laterClock }),
    ).toThrow(`${sealed} and this re-plan changes its assignment plan: ${leave}`);
    expect(() => addRaters(master, ['Dr Dee'], laterClock)).toThrow(
      `${sealed} and adding these raters changes its assignment plan: ${leave}`,
    );
    expect(() => analysisInForce(master, { bootstrap: 50 }, { clock: laterClock })).toThrow(
      `${sealed} and analysing with these options changes its analysis options: ${leave}`,
    );
    // A reason of blanks is no reason.
    expect(() => addRaters(master, ['Dr Dee'], laterClock, '   ')).toThrow(leave);
    // Asking for what the protocol already says is no change.
    expect(analysisInForce(master, { bootstrap: 1000, seed: 1 }, { clock: laterClock }).bootstrap).toBe(1000);
    master.close();
    expect(fileHash(path)).toBe(before);
  });

  it('refuses a new sample after the seal, and records it with a reason', async () => {
    const { db } = await ratingOnlyStudy();
    assignRaters(db, { raters: RATERS, overlap: 2, seed: 3, clock: fixedClock });
    sealProtocol(db, DEFAULT_PLANNED_ANALYSIS, fixedClock);
    const preference = {
      task: 'preference' as const,
      bins: 2,
      perBin: 8,
      seed: 9,
      metrics: ['rouge1'],
      disjoint: true,
    };
    expect(() => drawSample(db, preference, laterClock)).toThrow(
      /and this new sample changes its preference sample: give the reason for the deviation/,
    );
    expect(db.prepare("SELECT count(*) FROM samples WHERE task = 'preference'").pluck().get()).toBe(0);
    drawSample(db, { ...preference, deviationReason: 'the preference arm was funded late' }, laterClock);
    expect(readProtocolRecord(db)!.deviations.map((d) => [d.kind, d.changes])).toEqual([
      ['new sample', ['preference sample']],
    ]);
  });

  it('records a deviation with its reason, shown in the report and its Methods paragraph', async () => {
    const { db, folder } = await plannedStudy();
    const seal = sealProtocol(db, DEFAULT_PLANNED_ANALYSIS, fixedClock);
    addRaters(db, ['Dr Dee'], laterClock, 'Dr Cyd asked for help with her share');
    const options = analysisInForce(
      db,
      { bootstrap: 200 },
      { reason: 'fewer resamples for the interim look', clock: laterClock },
    );
    expect(options.bootstrap).toBe(200);

    const record = readProtocolRecord(db)!;
    expect(record.seal.hash).toBe(seal.hash);
    expect(record.deviations.map((d) => [d.at, d.kind, d.changes, d.reason])).toEqual([
      ['2025-03-09T10:00:00.000Z', 'raters added', ['assignment plan'], 'Dr Cyd asked for help with her share'],
      ['2025-03-09T10:00:00.000Z', 'analysis options', ['analysis options'], 'fewer resamples for the interim look'],
    ]);
    expect(record.deviations[1]!.hash).toBe(protocolHash(record.deviations[1]!.protocol, sha256));
    expect(record.deviations[1]!.protocol.plan.raters.map((r) => r.code)).toEqual(['R01', 'R02', 'R03', 'R04']);
    // Once recorded, the same options are the protocol in force: no second deviation.
    analysisInForce(db, { bootstrap: 200 }, { clock: laterClock });
    expect(readProtocolRecord(db)!.deviations).toHaveLength(2);

    answerEveryAssignment(db);
    writeStudyReport(db, { ...options, out: join(folder, 'report.html'), clock: laterClock });
    const html = readFileSync(join(folder, 'report.html'), 'utf8');
    expect(html).toContain(`<h2>Protocol</h2>`);
    expect(html).toContain(`<code>${seal.hash}</code>`);
    expect(html).toContain('<h3>Deviations from the sealed protocol</h3>');
    expect(html).toContain(
      '<td>raters added</td><td>assignment plan</td><td>Dr Cyd asked for help with her share</td>',
    );
    expect(html).toContain(
      `<p><b>Protocol.</b> The protocol (rubric with its anchors and instructions, the samples with their outputs, bins, binning metrics and seeds, the assignment plan and quality-control design, the planned analysis and the BlindRate version) was sealed on 2025-03-01T12:00:00.000Z before rating; its SHA-256, ${seal.hash}, is recorded in the study's hash-chained audit log. 2 deviations were recorded, each with its reason: raters added on 2025-03-09T10:00:00.000Z (assignment plan: Dr Cyd asked for help with her share); analysis options on 2025-03-09T10:00:00.000Z (analysis options: fewer resamples for the interim look).</p>`,
    );
  });

  it('says "no deviation" when none was recorded', async () => {
    const { db, folder } = await plannedStudy();
    sealProtocol(db, DEFAULT_PLANNED_ANALYSIS, fixedClock);
    answerEveryAssignment(db);
    const out = join(folder, 'report.html');
    writeStudyReport(db, { ...analysisInForce(db, {}, { clock: fixedClock }), out, clock: fixedClock });
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('<p>No deviation from the sealed protocol.</p>');
    expect(html).toContain('No deviation from it was recorded.</p>');
  });

  it('refuses to seal once answers came back; the report says the protocol was not sealed', async () => {
    const { db, folder } = await plannedStudy();
    answerEveryAssignment(db);
    expect(() => sealProtocol(db, DEFAULT_PLANNED_ANALYSIS, fixedClock)).toThrow(
      'Answers have already come back: a protocol sealed now would not show that it was fixed before rating.',
    );
    const out = join(folder, 'report.html');
    writeStudyReport(db, { ...analysisInForce(db, {}, { clock: fixedClock }), out, clock: fixedClock });
    const html = readFileSync(out, 'utf8');
    expect(html).toContain(
      'The protocol was not sealed: nothing shows that the design and analysis were fixed before rating.',
    );
    expect(html).toContain(
      '<p><b>Protocol.</b> The protocol was not sealed (pre-registered) in BlindRate before rating.</p>',
    );
  });
});
