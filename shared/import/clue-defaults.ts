/**
 * What eval_MeDiSumQA.py uses unless told otherwise (`random.seed(1)`, `--num_few_shot_examples 1`): in a
 * module of its own, so `blindrate import --help` states them without loading the importer.
 */
export const CLUE_DEFAULT_SEED = 1;
export const CLUE_DEFAULT_FEW_SHOT = 1;
