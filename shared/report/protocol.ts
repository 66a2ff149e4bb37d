/**
 * The report's Protocol section (the seal and every deviation since) and its paragraph in the Methods.
 * `study.protocol` undefined: the report does not know (no study behind it), so both say nothing.
 */
import type { ReportBlock, ReportSection } from './model';
import { code, markup, note, paragraph, strong, tableBlock, heading } from './model';
import type { ReportProtocol } from './types';

export function protocolSection(protocol: ReportProtocol | null | undefined): ReportSection | null {
  if (protocol === undefined) return null;
  const blocks: ReportBlock[] =
    protocol === null
      ? [note('The protocol was not sealed: nothing shows that the design and analysis were fixed before rating.')]
      : [
          tableBlock({
            label: 'Protocol seal',
            head: ['Sealed at', 'SHA-256 of the protocol', 'BlindRate'],
            rows: [[protocol.sealedAt, [code(protocol.hash)], protocol.blindrateVersion]],
          }),
          ...(protocol.deviations.length === 0
            ? [paragraph('No deviation from the sealed protocol.')]
            : [
                heading('Deviations from the sealed protocol'),
                tableBlock({
                  label: 'Deviations from the sealed protocol',
                  head: ['When', 'What', 'Changed', 'Reason', 'SHA-256 after'],
                  rows: protocol.deviations.map((d) => [d.at, d.kind, d.changes.join(', '), d.reason, [code(d.hash)]]),
                }),
              ]),
        ];
  return { id: 'protocol', title: 'Protocol', blocks };
}

/** The Methods' paragraph: whether the protocol was sealed before rating, and what deviated from it. */
export function protocolMethods(protocol: ReportProtocol | null | undefined): ReportBlock[] {
  if (protocol === undefined) return [];
  if (protocol === null)
    return [
      paragraph([strong('Protocol.'), ' The protocol was not sealed (pre-registered) in BlindRate before rating.']),
    ];
  const deviations = protocol.deviations;
  // Times, hashes, kinds and reasons are data: plain runs, never markup.
  const deviated =
    deviations.length === 0
      ? ['No deviation from it was recorded.']
      : [
          `${deviations.length} deviation${deviations.length === 1 ? ' was' : 's were'} recorded, each with its reason: `,
          deviations.map((d) => `${d.kind} on ${d.at} (${d.changes.join(', ')}: ${d.reason})`).join('; '),
          '.',
        ];
  return [
    paragraph([
      ...markup(
        '<b>Protocol.</b> The protocol (rubric with its anchors and instructions, the samples with their outputs, bins, binning metrics and seeds, the assignment plan and quality-control design, the planned analysis and the BlindRate version) was sealed on ',
      ),
      protocol.sealedAt,
      ' before rating; its SHA-256, ',
      protocol.hash,
      ", is recorded in the study's hash-chained audit log. ",
      ...deviated,
    ]),
  ];
}
