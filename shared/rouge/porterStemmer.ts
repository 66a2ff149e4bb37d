/**
 * Porter stemmer in nltk's default mode (PorterStemmer(mode=NLTK_EXTENSIONS), nltk 3.x), which is what
 * Google's rouge-score uses when stemming is on.
 *
 * Ported rather than using the npm `stemmer` package: that package implements Porter's original
 * algorithm, and nltk's extensions stem about 1% of words differently (e.g. days → day, not dai;
 * dying → die; exceed stays exceed; carefully → care), which would change ROUGE scores.
 * Validated against words stemmed by nltk (test/fixtures/rouge/porter_nltk.json).
 * Input is expected in lower case (rouge-score lower-cases before stemming).
 */

// nltk's table of irregular forms, checked before any rule.
const IRREGULAR_FORMS: ReadonlyMap<string, string> = new Map([
  ['sky', 'sky'],
  ['skies', 'sky'],
  ['dying', 'die'],
  ['lying', 'lie'],
  ['tying', 'tie'],
  ['news', 'news'],
  ['innings', 'inning'],
  ['inning', 'inning'],
  ['outings', 'outing'],
  ['outing', 'outing'],
  ['cannings', 'canning'],
  ['canning', 'canning'],
  ['howe', 'howe'],
  ['proceed', 'proceed'],
  ['exceed', 'exceed'],
  ['succeed', 'succeed'],
]);

export function porterStem(word: string): string {
  const irregular = IRREGULAR_FORMS.get(word);
  if (irregular !== undefined) return irregular;
  if (word.length <= 2) return word;
  let stem = step1a(word);
  stem = step1b(stem);
  stem = step1c(stem);
  stem = step2(stem);
  stem = step3(stem);
  stem = step4(stem);
  stem = step5a(stem);
  return step5b(stem);
}

/** A condition on the stem left after removing a suffix; null means unconditional. */
type Condition = ((stem: string) => boolean) | null;
/** [suffix, replacement, condition]; the suffix "*d" means "ends in a double consonant". */
type Rule = readonly [string, string, Condition];

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);

/** Consonant flags per letter: y is a consonant at the start or after a vowel, a vowel after a consonant. */
function consonantFlags(word: string): boolean[] {
  const flags: boolean[] = [];
  for (let i = 0; i < word.length; i++) {
    const letter = word[i]!;
    flags.push(VOWELS.has(letter) ? false : letter === 'y' ? i === 0 || !flags[i - 1] : true);
  }
  return flags;
}

function isConsonant(word: string, i: number): boolean {
  return consonantFlags(word)[i]!;
}

/** Porter's m: the number of vowel→consonant transitions in [C](VC)^m[V]. */
function measure(stem: string): number {
  const flags = consonantFlags(stem);
  let m = 0;
  for (let i = 1; i < flags.length; i++) if (!flags[i - 1] && flags[i]) m++;
  return m;
}

const positiveMeasure = (stem: string): boolean => measure(stem) > 0;
const measureAbove1 = (stem: string): boolean => measure(stem) > 1;

function containsVowel(stem: string): boolean {
  return consonantFlags(stem).some((consonant) => !consonant);
}

function endsDoubleConsonant(word: string): boolean {
  return word.length >= 2 && word.at(-1) === word.at(-2) && isConsonant(word, word.length - 1);
}

/** Porter's *o (consonant–vowel–consonant, last not w/x/y), plus nltk's two-letter vowel–consonant case. */
function endsCvc(word: string): boolean {
  const n = word.length;
  if (n >= 3) {
    return (
      isConsonant(word, n - 3) && !isConsonant(word, n - 2) && isConsonant(word, n - 1) && !'wxy'.includes(word[n - 1]!)
    );
  }
  return n === 2 && !isConsonant(word, 0) && isConsonant(word, 1);
}

/** Applies the first rule whose suffix matches; if its condition fails, no later rule is tried. */
function applyFirstRule(word: string, rules: ReadonlyArray<Rule>): string {
  for (const [suffix, replacement, condition] of rules) {
    if (suffix === '*d' && endsDoubleConsonant(word)) {
      const stem = word.slice(0, -2);
      return condition === null || condition(stem) ? stem + replacement : word;
    }
    if (word.endsWith(suffix)) {
      const stem = word.slice(0, word.length - suffix.length);
      return condition === null || condition(stem) ? stem + replacement : word;
    }
  }
  return word;
}

function step1a(word: string): string {
  // nltk: 'dies' → 'die' (but 'flies' → 'fli').
  if (word.length === 4 && word.endsWith('ies')) return word.slice(0, -3) + 'ie';
  return applyFirstRule(word, [
    ['sses', 'ss', null],
    ['ies', 'i', null],
    ['ss', 'ss', null],
    ['s', '', null],
  ]);
}

function step1b(word: string): string {
  // nltk: 'died' → 'die', 'spied' → 'spi'.
  if (word.endsWith('ied')) return word.slice(0, -3) + (word.length === 4 ? 'ie' : 'i');
  if (word.endsWith('eed')) {
    const stem = word.slice(0, -3);
    return measure(stem) > 0 ? stem + 'ee' : word;
  }
  const suffix = ['ed', 'ing'].find((s) => word.endsWith(s) && containsVowel(word.slice(0, -s.length)));
  if (suffix === undefined) return word;
  const stem = word.slice(0, -suffix.length);
  const last = stem.at(-1) ?? '';
  return applyFirstRule(stem, [
    ['at', 'ate', null],
    ['bl', 'ble', null],
    ['iz', 'ize', null],
    ['*d', last, () => !'lsz'.includes(last)],
    ['', 'e', (s) => measure(s) === 1 && endsCvc(s)],
  ]);
}

function step1c(word: string): string {
  // nltk: y → i only after a consonant that is not the whole stem ('happy' → 'happi', 'enjoy', 'by' unchanged).
  return applyFirstRule(word, [['y', 'i', (stem) => stem.length > 1 && isConsonant(stem, stem.length - 1)]]);
}

function step2(word: string): string {
  // nltk applies alli → al first and then runs step 2 again on the result.
  if (word.endsWith('alli') && positiveMeasure(word.slice(0, -4))) return step2(word.slice(0, -4) + 'al');
  return applyFirstRule(word, [
    ['ational', 'ate', positiveMeasure],
    ['tional', 'tion', positiveMeasure],
    ['enci', 'ence', positiveMeasure],
    ['anci', 'ance', positiveMeasure],
    ['izer', 'ize', positiveMeasure],
    ['bli', 'ble', positiveMeasure],
    ['alli', 'al', positiveMeasure],
    ['entli', 'ent', positiveMeasure],
    ['eli', 'e', positiveMeasure],
    ['ousli', 'ous', positiveMeasure],
    ['ization', 'ize', positiveMeasure],
    ['ation', 'ate', positiveMeasure],
    ['ator', 'ate', positiveMeasure],
    ['alism', 'al', positiveMeasure],
    ['iveness', 'ive', positiveMeasure],
    ['fulness', 'ful', positiveMeasure],
    ['ousness', 'ous', positiveMeasure],
    ['aliti', 'al', positiveMeasure],
    ['iviti', 'ive', positiveMeasure],
    ['biliti', 'ble', positiveMeasure],
    ['fulli', 'ful', positiveMeasure],
    // The 'l' of 'logi' stays with the stem for the measure, so 'geo-logi' stems like 'archaeo-logi'.
    ['logi', 'log', () => positiveMeasure(word.slice(0, -3))],
  ]);
}

function step3(word: string): string {
  return applyFirstRule(word, [
    ['icate', 'ic', positiveMeasure],
    ['ative', '', positiveMeasure],
    ['alize', 'al', positiveMeasure],
    ['iciti', 'ic', positiveMeasure],
    ['ical', 'ic', positiveMeasure],
    ['ful', '', positiveMeasure],
    ['ness', '', positiveMeasure],
  ]);
}

function step4(word: string): string {
  return applyFirstRule(word, [
    ['al', '', measureAbove1],
    ['ance', '', measureAbove1],
    ['ence', '', measureAbove1],
    ['er', '', measureAbove1],
    ['ic', '', measureAbove1],
    ['able', '', measureAbove1],
    ['ible', '', measureAbove1],
    ['ant', '', measureAbove1],
    ['ement', '', measureAbove1],
    ['ment', '', measureAbove1],
    ['ent', '', measureAbove1],
    ['ion', '', (stem) => measureAbove1(stem) && /[st]$/.test(stem)],
    ['ou', '', measureAbove1],
    ['ism', '', measureAbove1],
    ['ate', '', measureAbove1],
    ['iti', '', measureAbove1],
    ['ous', '', measureAbove1],
    ['ive', '', measureAbove1],
    ['ize', '', measureAbove1],
  ]);
}

function step5a(word: string): string {
  // Both e-rules are tried (unlike applyFirstRule), as in nltk.
  if (!word.endsWith('e')) return word;
  const stem = word.slice(0, -1);
  const m = measure(stem);
  return m > 1 || (m === 1 && !endsCvc(stem)) ? stem : word;
}

function step5b(word: string): string {
  return applyFirstRule(word, [['ll', 'l', () => measureAbove1(word.slice(0, -1))]]);
}
