/**
 * Where the questions of the chosen outputs are: in the outputs themselves, or in another file the
 * outputs are joined to — a benchmark run as its pipeline wrote it (CLUE's MeDiSumQA, CHQ-Summ) or any
 * items file joined on a key. The app's form of `--from clue|chq-summ` and `--join … --on …`
 * (docs/benchmark-import.md); the services check the join exactly as for the CLI.
 */
import { Checkbox, NumberInput, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { memo, useEffect, useState } from 'react';
import type { FileHandle, ImportJoin } from '../../../../shared/coordinator-api';
import { FileChooser } from '../../components/coordinator/FileChooser';

export type JoinKind = 'none' | ImportJoin['kind'];

/** The join the form describes: null for none, 'incomplete' while a file it needs is not chosen yet. */
export type JoinChoice = ImportJoin | null | 'incomplete';

const KINDS: { value: JoinKind; label: string; description: string }[] = [
  { value: 'none', label: 'In the outputs files', description: 'Each record holds its question (JSONL, JSON or CSV).' },
  {
    value: 'clue',
    label: 'A CLUE MeDiSumQA run',
    description: "predictions.json as CLUE's eval_MeDiSumQA.py writes it, with the dataset the run used.",
  },
  {
    value: 'chq-summ',
    label: 'A CHQ-Summ run',
    description: 'predictions-test.csv as generate_and_evaluate.py writes it, with test.source (and test.target).',
  },
  { value: 'items', label: 'Another items file', description: 'Any items file, joined to the outputs on a key.' },
];

function FileField(props: {
  label: string;
  description: string;
  chosen: FileHandle[];
  onChange(files: FileHandle[]): void;
  onError(message: string | null): void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {props.label}
      </Text>
      <Text size="xs" c="dimmed">
        {props.description}
      </Text>
      <FileChooser
        purpose="items"
        multiple={false}
        label={`Choose ${props.label.toLowerCase()}…`}
        chosen={props.chosen}
        onChange={props.onChange}
        onError={props.onError}
      />
    </Stack>
  );
}

/**
 * Memoised: the Import screen re-renders on every keystroke, preview and progress poll of a running job,
 * and this form's radio group (four options with descriptions) and file fields cost more to render than
 * the rest of the screen while nothing in them changed. The screen passes stable callbacks.
 */
export const ImportJoinForm = memo(function ImportJoinForm({
  onChange,
  onError,
}: {
  onChange(choice: JoinChoice): void;
  onError(message: string | null): void;
}) {
  const [kind, setKind] = useState<JoinKind>('none');
  const [first, setFirst] = useState<FileHandle[]>([]);
  const [second, setSecond] = useState<FileHandle[]>([]);
  const [fewShot, setFewShot] = useState<number | ''>('');
  const [seed, setSeed] = useState('');
  const [joinBy, setJoinBy] = useState<'position' | 'reference'>('position');
  const [contextField, setContextField] = useState('');
  const [noContext, setNoContext] = useState(false);
  const [on, setOn] = useState('');

  const file = first[0]?.token;
  const choice: JoinChoice = (() => {
    switch (kind) {
      case 'none':
        return null;
      case 'clue':
        if (!file) return 'incomplete';
        return {
          kind,
          dataset: file,
          joinBy,
          ...(joinBy === 'position' && fewShot !== '' && { fewShot }),
          ...(joinBy === 'position' && seed.trim() !== '' && { seed: seed.trim() }),
          ...(noContext ? { contextField: null } : contextField.trim() !== '' && { contextField: contextField.trim() }),
        };
      case 'chq-summ':
        if (!file) return 'incomplete';
        return { kind, source: file, ...(second[0] && { target: second[0].token }) };
      case 'items':
        if (!file || on.trim() === '') return 'incomplete';
        return { kind, items: file, on: on.trim() };
    }
  })();
  const key = JSON.stringify(choice);
  // The parent re-renders on every keystroke; it hears of a change only when the join itself changes.
  useEffect(() => onChange(choice), [key]); // eslint-disable-line react-hooks/exhaustive-deps

  const changeKind = (value: string) => {
    setKind(value as JoinKind);
    setFirst([]);
    setSecond([]);
  };

  return (
    <Stack>
      <Radio.Group label="Where the questions are" value={kind} onChange={changeKind}>
        <Stack mt="xs" gap="xs">
          {KINDS.map((k) => (
            <Radio key={k.value} value={k.value} label={k.label} description={k.description} />
          ))}
        </Stack>
      </Radio.Group>
      {kind === 'clue' && (
        <Stack>
          <FileField
            label="Dataset"
            description="MeDiSumQA.json (a JSON array or JSON lines), the version the run used."
            chosen={first}
            onChange={setFirst}
            onError={onError}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="How each line finds its entry"
              data={[
                { value: 'position', label: "Replay the run's shuffle" },
                { value: 'reference', label: 'Match the ground-truth answer' },
              ]}
              value={joinBy}
              onChange={(v) => setJoinBy(v === 'reference' ? 'reference' : 'position')}
              allowDeselect={false}
            />
            {joinBy === 'position' && (
              <>
                <NumberInput
                  label="Few-shot examples"
                  description="The run's --num_few_shot_examples; empty: 1."
                  min={0}
                  allowDecimal={false}
                  value={fewShot}
                  onChange={(v) => setFewShot(v === '' ? '' : Number(v))}
                />
                <TextInput
                  label="The run's random seed"
                  description="As passed to Python's random.seed; empty: 1."
                  value={seed}
                  onChange={(e) => setSeed(e.currentTarget.value)}
                />
              </>
            )}
            <TextInput
              label="Context field"
              description="The dataset field shown as the context; empty: the one the dataset's layout has."
              value={contextField}
              disabled={noContext}
              onChange={(e) => setContextField(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Checkbox
            label="No context (the dataset has none)"
            checked={noContext}
            onChange={(e) => setNoContext(e.currentTarget.checked)}
          />
        </Stack>
      )}
      {kind === 'chq-summ' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FileField
            label="Source lines"
            description="test.source: the questions, one a line."
            chosen={first}
            onChange={setFirst}
            onError={onError}
          />
          <FileField
            label="Target lines"
            description="test.target (optional): each reference is checked against its line."
            chosen={second}
            onChange={setSecond}
            onError={onError}
          />
        </SimpleGrid>
      )}
      {kind === 'items' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FileField
            label="Items file"
            description="JSON, JSON lines, CSV, or plain lines read as {index, text} (index from 0)."
            chosen={first}
            onChange={setFirst}
            onError={onError}
          />
          <TextInput
            label="Join on"
            description='"position" (n-th output, n-th item), a field both have, or OUTPUT_FIELD=ITEM_FIELD, e.g. #0=index.'
            value={on}
            onChange={(e) => setOn(e.currentTarget.value)}
          />
        </SimpleGrid>
      )}
      {kind !== 'none' && <Text size="sm">A joined import reads one file of outputs at a time.</Text>}
    </Stack>
  );
});
