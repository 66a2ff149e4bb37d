import { forestGeometry, type ForestRow } from '../../../../shared/report/forest';

/** Text in the theme's text colour, so it keeps its contrast in the light and the dark theme alike (axe). */
const INK = 'var(--mantine-color-text)';
const RULE = 'var(--mantine-color-default-border)';
const AXIS = '#8c959f';
const POINT = '#0072B2';

/** The ranked forest plot of Bradley–Terry strengths: the HTML report's geometry (shared/report/forest.ts) as React SVG. */
export function ForestPlot({ label, strengths }: { label: string; strengths: ReadonlyArray<ForestRow> }) {
  const g = forestGeometry(strengths);
  return (
    <figure className="report-figure" style={{ margin: 0, maxWidth: 640 }}>
      <svg
        viewBox={`0 0 ${g.width} ${g.height}`}
        role="img"
        aria-label={label}
        style={{ width: '100%', height: 'auto' }}
      >
        {g.ticks.map((tick) => (
          <g key={tick.label}>
            <line x1={tick.x} x2={tick.x} y1={0} y2={g.plot.axisY} stroke={RULE} />
            <text x={tick.x} y={g.plot.axisY + 14} textAnchor="middle" fontSize={10} fill={INK}>
              {tick.label}
            </text>
          </g>
        ))}
        <line x1={g.zeroX} x2={g.zeroX} y1={0} y2={g.plot.axisY} stroke={AXIS} strokeDasharray="4 3" />
        <line x1={g.plot.left} x2={g.plot.right} y1={g.plot.axisY} y2={g.plot.axisY} stroke={AXIS} />
        <text x={(g.plot.left + g.plot.right) / 2} y={g.height - 4} textAnchor="middle" fontSize={10} fill={INK}>
          log-strength (0 = average model)
        </text>
        {g.rows.map((row) => (
          <g key={row.model}>
            <title>{`${row.model}: log-strength ${row.text}`}</title>
            <text x={0} y={row.y + 4} fontSize={11} fill={INK}>
              {row.model}
            </text>
            {row.interval && (
              <line x1={row.interval[0]} x2={row.interval[1]} y1={row.y} y2={row.y} stroke={POINT} strokeWidth={2} />
            )}
            {row.point !== null && <circle cx={row.point} cy={row.y} r={4} fill={POINT} />}
            <text x={g.plot.right + 8} y={row.y + 4} fontSize={10} fill={INK}>
              {row.text}
            </text>
          </g>
        ))}
      </svg>
      <figcaption style={{ fontSize: 13, color: INK }}>{label}</figcaption>
    </figure>
  );
}
