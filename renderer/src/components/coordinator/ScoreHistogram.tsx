import type { SampleModelPreview } from '../../../../shared/coordinator-api';

const WIDTH = 360;
const HEIGHT = 120;
const PAD = 4;

/**
 * The histogram of a model's average automatic scores with the quantile cut points as dashed lines:
 * an SVG drawn from attributes only (no style attributes, which the CSP refuses), described in words
 * for screen readers.
 */
export function ScoreHistogram({ preview }: { preview: SampleModelPreview }) {
  const { edges, counts } = preview.histogram;
  if (counts.length === 0) return null;
  const low = edges[0]!;
  const high = edges[edges.length - 1]!;
  const span = high - low || 1;
  const x = (value: number) => PAD + ((value - low) / span) * (WIDTH - 2 * PAD);
  const tallest = Math.max(...counts, 1);
  const description = `Histogram of ${preview.eligible} average scores from ${low.toFixed(3)} to ${high.toFixed(3)}; cut points at ${
    preview.cutPoints.map((c) => c.toFixed(3)).join(', ') || 'none'
  }.`;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="score-histogram" role="img" aria-label={description}>
      {counts.map((count, i) => {
        const left = x(edges[i]!);
        const barHeight = (count / tallest) * (HEIGHT - 2 * PAD);
        return (
          <rect
            key={i}
            className="score-histogram-bar"
            x={left}
            y={HEIGHT - PAD - barHeight}
            width={Math.max(1, x(edges[i + 1]!) - left - 1)}
            height={barHeight}
          />
        );
      })}
      {preview.cutPoints.map((cut, i) => (
        <line key={i} className="score-histogram-cut" x1={x(cut)} x2={x(cut)} y1={0} y2={HEIGHT} />
      ))}
    </svg>
  );
}
