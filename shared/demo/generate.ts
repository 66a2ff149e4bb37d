/**
 * The synthetic demo data set: MeDiSumQA-shaped items (a discharge-summary-like context, a patient
 * question in one of the six categories, a ground-truth answer) and answers of several invented
 * models whose quality varies, with automatic scores that follow that quality. Fully determined by
 * the PRNG, so the demo study is the same on every machine.
 */
import type { OutputRecord } from '../domain';
import type { Prng } from '../prng';
import { rougeScores } from '../rouge/index';
import { DEMO_CASES, DEMO_CATEGORIES, type DemoCase, type DemoCategory } from './cases';

export interface DemoModel {
  name: string;
  /** Typical answer quality in [0, 1]. */
  skill: number;
}

/** Invented model names, so nobody mistakes demo numbers for results about real models. */
export const DEMO_MODELS: readonly DemoModel[] = [
  { name: 'atlas-7b', skill: 0.35 },
  { name: 'borealis-13b', skill: 0.5 },
  { name: 'cygnus-70b', skill: 0.72 },
  { name: 'delphi-8b', skill: 0.6 },
];

export const DEMO_ITEM_COUNT = 30;

interface Patient {
  age: number;
  sex: 'F' | 'M';
  days: number;
}

function pick<T>(items: readonly T[], prng: Prng): T {
  return items[prng.nextInt(items.length)]!;
}

/** Approximately normal noise (Irwin–Hall of 4 uniforms), standard deviation `sd`. */
function noise(prng: Prng, sd: number): number {
  const sum = prng.nextFloat() + prng.nextFloat() + prng.nextFloat() + prng.nextFloat();
  return (sum - 2) * sd * Math.sqrt(3);
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

export function dischargeSummary(c: DemoCase, patient: Patient): string {
  const pronoun = patient.sex === 'F' ? 'She' : 'He';
  const title = patient.sex === 'F' ? 'Ms.' : 'Mr.';
  const person = patient.sex === 'F' ? 'woman' : 'man';
  return [
    'Name:  ___                 Unit No:   ___',
    'Admission Date:  ___       Discharge Date:   ___',
    `Date of Birth:  ___        Sex:   ${patient.sex}`,
    'Service: MEDICINE',
    '',
    'Chief Complaint:',
    c.symptom,
    '',
    'History of Present Illness:',
    `${title} ___ is a ${patient.age} year-old ${person} with ${c.history.join(', ').toLowerCase()} who presented with ${patient.days} days of ${c.symptom}. ${pronoun} was found to have ${c.finding}.`,
    '',
    'Past Medical History:',
    ...c.history.map((h) => `- ${h}`),
    '',
    'Pertinent Results:',
    c.labs,
    '',
    'Procedures:',
    c.procedure,
    '',
    'Brief Hospital Course:',
    `${title} ___ was admitted for ${c.diagnosis}. ${pronoun} was treated with ${c.treatment}. The course was complicated by ${c.complication}. ${pronoun} improved and was discharged home in stable condition.`,
    '',
    'Discharge Medications:',
    `1. ${c.medication.name[0]!.toUpperCase()}${c.medication.name.slice(1)} ${c.medication.dose}`,
    ...c.otherMedications.map((m, i) => `${i + 2}. ${m}`),
    '',
    'Discharge Diagnosis:',
    `Primary: ${c.diagnosis}`,
    `Secondary: ${c.history.join('; ')}`,
    '',
    'Discharge Instructions:',
    `Dear ${title} ___, you were admitted to the hospital because of ${c.symptom}. ${c.followUp.instruction}`,
    '',
    'Followup Instructions:',
    `Please follow up with your ${c.followUp.who} within ${c.followUp.when}.`,
  ].join('\n');
}

export function questionAndAnswer(c: DemoCase, category: DemoCategory): { question: string; reference: string } {
  switch (category) {
    case 'Symptoms & Complications':
      return {
        question: 'Did anything go wrong while I was in the hospital?',
        reference: `You came in with ${c.symptom}. During your stay you had ${c.complication}.`,
      };
    case 'Procedures & Tests':
      return {
        question: 'What tests did I have and what did they show?',
        reference: `You had ${c.procedurePlain}. They showed ${c.finding}.`,
      };
    case 'Diagnosis':
      return { question: 'What was wrong with me?', reference: `You had ${c.plainDiagnosis}.` };
    case 'Treatment & Hospital Course':
      return { question: 'How was I treated in the hospital?', reference: `You were treated with ${c.treatment}.` };
    case 'Medications':
      return {
        question: `Why do I need to take ${c.medication.name}?`,
        reference: `You should take ${c.medication.name} ${c.medication.dose} to ${c.medication.purpose}.`,
      };
    case 'Post-Discharge Care & Follow-Up':
      return {
        question: 'When should I see a doctor again?',
        reference: `Please see your ${c.followUp.who} within ${c.followUp.when}. ${c.followUp.instruction}`,
      };
  }
}

/** An answer whose quality follows `quality`: plain and right at the top, wrong or off-topic at the bottom. */
export function modelAnswer(
  c: DemoCase,
  category: DemoCategory,
  reference: string,
  quality: number,
  prng: Prng,
): string {
  if (quality >= 0.8) return reference;
  if (quality >= 0.62) {
    return `${reference} ${pick(['Let your doctor know if you have questions.', 'This is written in your discharge summary.'], prng)}`;
  }
  if (quality >= 0.45) {
    return `Based on the discharge summary, the patient was admitted for ${c.diagnosis} (${c.finding}). ${reference} Hospital course: treated with ${c.treatment}; complicated by ${c.complication}.`;
  }
  if (quality >= 0.28) {
    return `${pick(['According to your records,', 'In summary,'], prng)} ${c.wrongFact[0]!.toLowerCase()}${c.wrongFact.slice(1)} ${category === 'Medications' ? 'Take it with food.' : 'Rest at home.'}`;
  }
  return pick(
    [
      'I am not able to see your medical records, so I cannot answer this question. Please ask your doctor.',
      'Drinking enough water and regular exercise are important for everyone. Discuss any concerns with a health professional.',
    ],
    prng,
  );
}

/**
 * Every record of the demo data set: DEMO_ITEM_COUNT items, each answered by every demo model.
 * ROUGE is computed for real (no stemming, as MeDiSumQA); BERTScore and UMLS F1 are simulated from
 * the answer's quality and overlap, because their models cannot ship with the app.
 */
export function generateDemoRecords(prng: Prng, itemCount = DEMO_ITEM_COUNT): OutputRecord[] {
  const records: OutputRecord[] = [];
  for (let i = 0; i < itemCount; i++) {
    const c = DEMO_CASES[i % DEMO_CASES.length]!;
    const category = DEMO_CATEGORIES[(i * 5 + Math.floor(i / DEMO_CATEGORIES.length)) % DEMO_CATEGORIES.length]!;
    const patient: Patient = {
      age: 35 + prng.nextInt(55),
      sex: prng.nextInt(2) === 0 ? 'F' : 'M',
      days: 1 + prng.nextInt(6),
    };
    const context = dischargeSummary(c, patient);
    const { question, reference } = questionAndAnswer(c, category);
    const itemId = `demo-${String(i + 1).padStart(3, '0')}`;
    for (const model of DEMO_MODELS) {
      const quality = clamp01(model.skill + noise(prng, 0.22));
      const output = modelAnswer(c, category, reference, quality, prng);
      const rouge = rougeScores(reference, output, { stem: false });
      records.push({
        itemId,
        model: model.name,
        output,
        question,
        context,
        reference,
        category,
        sourceId: '',
        scores: {
          rouge1: round4(rouge.rouge1.f1),
          rouge2: round4(rouge.rouge2.f1),
          rougeL: round4(rouge.rougeL.f1),
          bertscore: round4(clamp01(0.78 + 0.1 * rouge.rouge1.f1 + 0.08 * quality + noise(prng, 0.015))),
          umls_f1: round4(clamp01(0.35 * rouge.rouge1.f1 + 0.45 * quality + noise(prng, 0.06))),
        },
      });
    }
  }
  return records;
}
