/**
 * PDSQI-9, the Provider Documentation Summarization Quality Instrument (Croxford et al., "Development and
 * validation of the Provider Documentation Summarization Quality Instrument for large language models",
 * JAMIA 2025, doi:10.1093/jamia/ocaf068; arXiv 2501.08977), for LLM summaries of a patient's clinical notes.
 *
 * Items, scales and grade criteria follow the instrument's rubric as its authors publish it in
 * epic-open-source/evaluation-instruments, src/evaluation_instruments/instruments/pdsqi_9/pdsqi_prompt.py
 * (RUBRIC_SET; Apache-2.0, © Board of Regents of the University of Wisconsin System), the rubric they grade
 * summaries with by language model and call the full PDSQI-9 rubric; the physician raters' form in the paper
 * was not available to compare. The wording here is BlindRate's paraphrase of each criterion, not the
 * published text; the short point labels are BlindRate's.
 * Left out: the same stigmatizing-language question asked of the source notes (it rates the notes, not the
 * summary). docs/rubrics.md records where each item was found.
 */
import type { Rubric, ScalePoint } from '../rubric';
import { DEFAULT_IDLE } from '../rubric-idle';
import { noOrYes, orderedPoints } from './points';

type FiveGrades = readonly [string, string, string, string, string];

/** The instrument's 1–5 grades, worst first: a short label and the criterion a summary meets for it. */
const grades = (labels: FiveGrades, criteria: FiveGrades): ScalePoint[] => orderedPoints(1, labels, criteria);

const ABSTRACTION_NEEDED = 1;

export const PDSQI_9_RUBRIC: Rubric = {
  id: 'pdsqi-9',
  name: 'PDSQI-9 (clinical summaries)',
  source:
    'PDSQI-9: Croxford et al., JAMIA 2025, doi:10.1093/jamia/ocaf068. Items, scales and grade criteria from the authors’ rubric (epic-open-source/evaluation-instruments, pdsqi_9/pdsqi_prompt.py, Apache-2.0); the wording is BlindRate’s paraphrase, not the published text.',
  instructions: [
    'You rate a **summary of a patient’s clinical notes**, written for a clinician of the target specialty, against the notes it summarises.',
    '',
    '- An *assertion* is one statement of the summary (one sentence or several).',
    '- A *pertinent* omission leaves out something the clinical use needs; a *potentially pertinent* one leaves out something relevant but not needed.',
    '- Citations point each assertion to the note it comes from.',
    '- If a note itself says something clinically wrong and the summary repeats it faithfully, that is not an error of the summary.',
    '- *Synthesized* is asked only when the summary needed abstraction (paraphrasing and combining the notes into new sentences).',
  ].join('\n'),
  idle: { ...DEFAULT_IDLE },
  dimensions: [
    {
      key: 'citation',
      label: 'Citation',
      description: 'Are the citations there, and do they point each assertion to the right note?',
      kind: 'likert',
      scale: grades(
        [
          'Wrong or missing',
          'One wrong or lumped',
          'Correct, some missing',
          'All correct',
          'All correct, by relevance',
        ],
        [
          'More than one citation is wrong, or there are none.',
          'One citation is wrong, or citations are grouped instead of attached to each assertion.',
          'Every citation is right, but some assertions have none, whatever their relevance.',
          'All citations right and attached to their assertions, with some ordering by relevance.',
          'Every assertion is correctly cited and all are ordered by relevance.',
        ],
      ),
    },
    {
      key: 'accurate',
      label: 'Accurate',
      description:
        'Is the summary true to the notes, with no incorrect information? Fabrication invents facts; falsification changes critical details so they are no longer true.',
      kind: 'likert',
      scale: grades(
        ['Several major errors', 'One major error', 'Wrong context', 'Wrong source or time', 'All traceable'],
        [
          'Several major errors: facts plainly fabricated or falsified.',
          'One major error: an assertion plainly fabricated or falsified.',
          'At least one assertion comes from a note but sits in the wrong context, e.g. a diagnosis or treatment made more or less specific than the note.',
          'At least one assertion does not match its source note or its timing, though the diagnosis, treatment and other facts are right.',
          'Each assertion traces back to the notes.',
        ],
      ),
    },
    {
      key: 'thorough',
      label: 'Thorough',
      description: 'Is the summary complete: does it document every issue of importance to the patient?',
      kind: 'likert',
      scale: grades(
        [
          'Several pertinent omissions',
          'One pertinent, more potential',
          'One pertinent omission',
          'Potentially pertinent only',
          'Nothing omitted',
        ],
        [
          'Two or more pertinent omissions.',
          'One pertinent omission and several potentially pertinent ones.',
          'Exactly one pertinent omission.',
          'Some potentially pertinent omissions, no pertinent one.',
          'Nothing pertinent or potentially pertinent is left out.',
        ],
      ),
    },
    {
      key: 'useful',
      label: 'Useful',
      description: 'Is everything in the summary useful to the target clinician, at the right level of detail?',
      kind: 'likert',
      scale: grades(
        [
          'Nothing pertinent',
          'Some pertinent',
          'Wrong level of detail',
          'Some potentially pertinent',
          'Pertinent, right detail',
        ],
        [
          'None of the assertions matters to the target user.',
          'Only some assertions matter to the target user.',
          'The assertions are pertinent, but in too much or too little detail.',
          'Nothing non-pertinent is added, but some assertions are only potentially pertinent.',
          'Nothing non-pertinent is added and the detail suits the target user.',
        ],
      ),
    },
    {
      key: 'organized',
      label: 'Organized',
      description: 'Is the summary structured so the reader can follow the patient’s clinical course?',
      kind: 'likert',
      scale: grades(
        ['Disorganized', 'Partly out of order', 'As in the notes', 'Order or grouping', 'Order and grouping'],
        [
          'All assertions out of order and the groupings incoherent.',
          'Some assertions out of order, or the grouping incoherent.',
          'Order and grouping unchanged from the notes.',
          'A logical order or a logical grouping (by time, or by system or problem) throughout, but not both.',
          'Every assertion in a logical order and grouping (by time, or by system or problem).',
        ],
      ),
    },
    {
      key: 'comprehensible',
      label: 'Comprehensible',
      description: 'Is the language clear, without ambiguity or passages that are hard to understand?',
      kind: 'likert',
      scale: grades(
        ['Hard throughout', 'Some hard terms', 'Unimproved wording', 'Somewhat improved', 'Plain and clear'],
        [
          'Overly complex, inconsistent sentences and terms unfamiliar to the target user.',
          'Some overly complex or inconsistent wording, or terms unfamiliar to the target user.',
          'The notes’ wording kept, complex terms included where it could have been improved.',
          'Structure and terms partly improved for the target user.',
          'Plain language, familiar to the target user and well structured.',
        ],
      ),
    },
    {
      key: 'succinct',
      label: 'Succinct',
      description: 'Is the language economical: brief, to the point, without redundancy?',
      kind: 'likert',
      scale: grades(
        ['Wordy throughout', 'Several redundant', 'One redundant', 'Could be shorter', 'Fewest words'],
        [
          'Wordy throughout, redundant in wording and in meaning.',
          'More than one assertion repeats meaning already given in context.',
          'At least one assertion repeats meaning given in context, or several repeat wording.',
          'No repeated wording, but at least one assertion could say its meaning more briefly.',
          'Every assertion in the fewest words, with no redundancy of wording or meaning.',
        ],
      ),
    },
    {
      key: 'abstraction_needed',
      label: 'Abstraction needed',
      description:
        'Does this summary need abstraction: paraphrasing and combining the notes into new sentences that keep their core meaning?',
      kind: 'binary', // graded 0 = no, 1 = yes in the instrument
      scale: noOrYes(
        'Restating the notes serves; Synthesized is not asked.',
        'The summary should abstract; rate Synthesized.',
      ),
    },
    {
      key: 'synthesized',
      label: 'Synthesized',
      description:
        'Does the summary reason over the notes, showing an understanding of the patient’s status and of a plan of care?',
      kind: 'likert',
      scale: grades(
        ['Wrong reasoning', 'Unneeded or ill-fitting', 'Missed chance', 'Themes, no synopsis', 'Integrated synopsis'],
        [
          'The reasoning or grouping linking assertions is wrong.',
          'Abstraction where none was needed, or groupings that are accurate but not appropriate.',
          'Assertions stated one by one, without reasoning or grouping where some was called for.',
          'Assertions grouped into themes, but the reasoning stops short of a final, clinically relevant diagnosis or treatment.',
          'Reasons over the events into an integrated clinical synopsis with the information prioritised.',
        ],
      ),
    },
    {
      key: 'stigmatizing_language',
      label: 'Stigmatizing language',
      description: 'Does the summary use stigmatizing language?',
      kind: 'binary', // graded 0 = no, 1 = yes in the instrument
      scale: noOrYes(
        'No stigmatizing words.',
        'Definitely uses stigmatizing words, as guidelines and policy define them (e.g. OCR, NIDA).',
      ),
    },
  ],
  conditions: [
    {
      when: { dimension: 'abstraction_needed', values: [ABSTRACTION_NEEDED] },
      require: { what: 'dimension', dimension: 'synthesized' },
    },
  ],
  preference: { allowTie: true },
};
