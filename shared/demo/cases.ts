/**
 * Invented clinical cases for the synthetic demo study. Every fact here was written for BlindRate;
 * nothing is taken from MIMIC or MeDiSumQA, whose data are restricted.
 */
export interface DemoCase {
  diagnosis: string;
  plainDiagnosis: string;
  history: string[];
  symptom: string;
  finding: string;
  procedure: string;
  procedurePlain: string;
  treatment: string;
  complication: string;
  medication: { name: string; dose: string; purpose: string };
  otherMedications: string[];
  labs: string;
  followUp: { who: string; when: string; instruction: string };
  /** A plausible but wrong fact, for low-quality demo answers. */
  wrongFact: string;
}

export const DEMO_CASES: readonly DemoCase[] = [
  {
    diagnosis: 'community-acquired pneumonia of the right lower lobe',
    plainDiagnosis: 'a lung infection (pneumonia)',
    history: ['Hypertension', 'Type 2 diabetes mellitus', 'Osteoarthritis'],
    symptom: 'fever, productive cough and shortness of breath',
    finding: 'a right lower lobe consolidation on chest x-ray',
    procedure: 'Chest radiograph (PA and lateral); blood cultures x2',
    procedurePlain: 'a chest x-ray and blood tests for bacteria',
    treatment: 'IV ceftriaxone and azithromycin, transitioned to oral cefpodoxime',
    complication: 'a brief episode of low oxygen levels requiring 2L nasal cannula',
    medication: {
      name: 'cefpodoxime',
      dose: '200 mg twice daily for 5 more days',
      purpose: 'finish treating the lung infection',
    },
    otherMedications: ['Lisinopril 10 mg PO daily', 'Metformin 500 mg PO BID'],
    labs: 'WBC 14.2, CRP 86, lactate 1.4, procalcitonin 0.9',
    followUp: {
      who: 'primary care physician',
      when: '1 week',
      instruction: 'A repeat chest x-ray is recommended in 6 weeks.',
    },
    wrongFact: 'You were treated for a blood clot in the lung and should take blood thinners for 3 months.',
  },
  {
    diagnosis: 'non-ST-elevation myocardial infarction (NSTEMI)',
    plainDiagnosis: 'a small heart attack',
    history: ['Hyperlipidemia', 'Tobacco use (30 pack-years)', 'GERD'],
    symptom: 'pressure-like chest pain radiating to the left arm',
    finding: 'a 90% blockage of the left anterior descending artery',
    procedure: 'Cardiac catheterization with drug-eluting stent to the proximal LAD',
    procedurePlain: 'a heart catheter procedure in which a stent was placed to open a blocked artery',
    treatment: 'aspirin, a heparin drip, and a stent placed during cardiac catheterization',
    complication: 'a small bruise at the wrist access site, which resolved',
    medication: { name: 'ticagrelor', dose: '90 mg twice daily', purpose: 'keep the new stent from clotting' },
    otherMedications: ['Aspirin 81 mg PO daily', 'Atorvastatin 80 mg PO daily', 'Metoprolol succinate 25 mg PO daily'],
    labs: 'Troponin T peak 0.84, LDL 162, HbA1c 5.6',
    followUp: {
      who: 'cardiologist',
      when: '2 weeks',
      instruction: 'Do not stop ticagrelor without talking to your cardiologist.',
    },
    wrongFact: 'You had a stroke and should stop taking aspirin.',
  },
  {
    diagnosis: 'acute on chronic systolic heart failure exacerbation',
    plainDiagnosis: 'worsening of your heart failure with fluid build-up',
    history: ['Ischemic cardiomyopathy (EF 30%)', 'Atrial fibrillation', 'Chronic kidney disease stage 3'],
    symptom: 'leg swelling, weight gain of 4 kg and shortness of breath when lying flat',
    finding: 'fluid in both lungs and an ejection fraction of 30% on echocardiogram',
    procedure: 'Transthoracic echocardiogram; chest radiograph',
    procedurePlain: 'an ultrasound of the heart and a chest x-ray',
    treatment: 'IV furosemide to remove extra fluid, with daily weights and a low-salt diet',
    complication: 'a temporary rise in creatinine from the diuretics, which improved',
    medication: { name: 'torsemide', dose: '20 mg once daily', purpose: 'keep fluid from building up again' },
    otherMedications: ['Apixaban 5 mg PO BID', 'Carvedilol 12.5 mg PO BID', 'Spironolactone 25 mg PO daily'],
    labs: 'BNP 2140, creatinine 1.9 (baseline 1.5), potassium 4.1',
    followUp: {
      who: 'heart failure clinic',
      when: '7 days',
      instruction: 'Weigh yourself every morning and call if you gain more than 1 kg in a day.',
    },
    wrongFact: 'You had pneumonia and need to finish a course of antibiotics.',
  },
  {
    diagnosis: 'acute calculous cholecystitis',
    plainDiagnosis: 'an inflamed gallbladder caused by gallstones',
    history: ['Obesity', 'Hypothyroidism'],
    symptom: 'right upper abdominal pain after meals with nausea and vomiting',
    finding: 'gallstones with a thickened gallbladder wall on ultrasound',
    procedure: 'Right upper quadrant ultrasound; laparoscopic cholecystectomy',
    procedurePlain: 'an abdominal ultrasound and keyhole surgery to remove the gallbladder',
    treatment: 'IV antibiotics and removal of the gallbladder by laparoscopic surgery',
    complication: 'mild nausea after surgery, treated with ondansetron',
    medication: { name: 'oxycodone', dose: '5 mg every 6 hours as needed', purpose: 'control pain after surgery' },
    otherMedications: ['Levothyroxine 100 mcg PO daily', 'Docusate 100 mg PO BID'],
    labs: 'WBC 13.1, total bilirubin 1.1, lipase 38, ALT 54',
    followUp: { who: 'surgeon', when: '2 weeks', instruction: 'Do not lift more than 5 kg for 4 weeks.' },
    wrongFact: 'Your appendix was removed and you must avoid all fat for life.',
  },
  {
    diagnosis: 'diabetic ketoacidosis',
    plainDiagnosis: 'a dangerous complication of diabetes with very high blood sugar and acid in the blood',
    history: ['Type 1 diabetes mellitus', 'Depression'],
    symptom: 'vomiting, abdominal pain and extreme thirst',
    finding: 'a blood sugar of 540 mg/dL with an anion gap of 24',
    procedure: 'Arterial blood gas; serial basic metabolic panels',
    procedurePlain: 'blood tests to measure acid and sugar levels',
    treatment: 'an insulin drip and IV fluids in the intensive care unit, then a return to insulin injections',
    complication: 'low potassium, which was replaced',
    medication: {
      name: 'insulin glargine',
      dose: '22 units at bedtime',
      purpose: 'control your blood sugar through the day and night',
    },
    otherMedications: ['Insulin lispro sliding scale with meals', 'Sertraline 50 mg PO daily'],
    labs: 'glucose 540, bicarbonate 9, anion gap 24, beta-hydroxybutyrate 6.2',
    followUp: {
      who: 'endocrinologist',
      when: '1 week',
      instruction: 'Check your blood sugar before each meal and at bedtime.',
    },
    wrongFact: 'Your diabetes is cured and you can stop insulin.',
  },
  {
    diagnosis: 'COPD exacerbation',
    plainDiagnosis: 'a flare-up of your chronic lung disease (COPD)',
    history: ['COPD (FEV1 45% predicted)', 'Coronary artery disease'],
    symptom: 'worsening shortness of breath and wheezing',
    finding: 'hyperinflated lungs without pneumonia on chest x-ray',
    procedure: 'Chest radiograph; venous blood gas',
    procedurePlain: 'a chest x-ray and a blood test of carbon dioxide levels',
    treatment: 'nebulized bronchodilators, a 5-day course of prednisone and azithromycin',
    complication: 'high blood sugars from the steroids, treated with insulin',
    medication: {
      name: 'prednisone',
      dose: '40 mg daily for 2 more days',
      purpose: 'reduce inflammation in your airways',
    },
    otherMedications: ['Tiotropium 18 mcg inhaled daily', 'Albuterol inhaler as needed'],
    labs: 'pCO2 52, WBC 11.0, eosinophils 3%',
    followUp: { who: 'pulmonologist', when: '4 weeks', instruction: 'Pulmonary rehabilitation has been arranged.' },
    wrongFact: 'You had a heart attack and need a stent.',
  },
  {
    diagnosis: 'acute pyelonephritis',
    plainDiagnosis: 'a kidney infection',
    history: ['Recurrent urinary tract infections', 'Hypertension'],
    symptom: 'fever, chills and pain in the right flank',
    finding: 'E. coli growing in the urine culture',
    procedure: 'Urinalysis and urine culture; renal ultrasound',
    procedurePlain: 'urine tests and an ultrasound of the kidneys',
    treatment: 'IV ceftriaxone, then oral ciprofloxacin once the bacteria were identified',
    complication: 'low blood pressure on arrival that improved with IV fluids',
    medication: {
      name: 'ciprofloxacin',
      dose: '500 mg twice daily for 7 days',
      purpose: 'finish treating the kidney infection',
    },
    otherMedications: ['Amlodipine 5 mg PO daily'],
    labs: 'WBC 16.8, creatinine 1.2, urinalysis with >50 WBC/hpf',
    followUp: { who: 'primary care physician', when: '10 days', instruction: 'Drink plenty of fluids.' },
    wrongFact: 'You have kidney stones that need surgery next week.',
  },
  {
    diagnosis: 'acute ischemic stroke of the left middle cerebral artery territory',
    plainDiagnosis: 'a stroke caused by a blocked blood vessel in the brain',
    history: ['Atrial fibrillation (not anticoagulated)', 'Hypertension', 'Hyperlipidemia'],
    symptom: 'sudden weakness of the right arm and difficulty speaking',
    finding: 'a small infarct in the left MCA territory on MRI',
    procedure: 'CT head and CT angiography; MRI brain; transthoracic echocardiogram',
    procedurePlain: 'brain scans (CT and MRI) and an ultrasound of the heart',
    treatment: 'IV thrombolysis (alteplase), monitoring in the stroke unit, and physical and speech therapy',
    complication: 'difficulty swallowing, which improved with speech therapy',
    medication: {
      name: 'apixaban',
      dose: '5 mg twice daily',
      purpose: 'prevent blood clots from your irregular heartbeat causing another stroke',
    },
    otherMedications: ['Atorvastatin 40 mg PO daily', 'Lisinopril 5 mg PO daily'],
    labs: 'LDL 131, HbA1c 6.1, INR 1.0',
    followUp: {
      who: 'neurologist',
      when: '4 weeks',
      instruction: 'Call 911 for any new weakness, numbness or trouble speaking.',
    },
    wrongFact: 'You had a migraine and no further treatment is needed.',
  },
];

export const DEMO_CATEGORIES = [
  'Symptoms & Complications',
  'Procedures & Tests',
  'Diagnosis',
  'Treatment & Hospital Course',
  'Medications',
  'Post-Discharge Care & Follow-Up',
] as const;
export type DemoCategory = (typeof DEMO_CATEGORIES)[number];
