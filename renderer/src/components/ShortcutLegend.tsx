import { memo } from 'react';

export interface Shortcut {
  keys: string[];
  action: string;
}

/**
 * The keyboard shortcuts of a workspace, always on screen so nobody has to remember them. Memoised: they
 * change with the rubric, not with each key or task.
 */
export const ShortcutLegend = memo(function ShortcutLegend({ shortcuts }: { shortcuts: Shortcut[] }) {
  return (
    <section aria-label="Keyboard shortcuts" className="legend">
      <dl>
        {shortcuts.map((s) => (
          <div key={s.action} className="legend-row">
            <dt>
              {s.keys.map((k, i) => (
                <span key={k}>
                  {i > 0 && ' '}
                  <kbd className="key-cap">{k}</kbd>
                </span>
              ))}
            </dt>
            <dd>{s.action}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
});

export const HELP_SHORTCUT: Shortcut = { keys: ['H', '?'], action: 'Instructions and keys' };

export const NAVIGATION_SHORTCUTS: Shortcut[] = [
  { keys: ['Enter'], action: 'Save and go to next' },
  { keys: ['←', '['], action: 'Previous task' },
  { keys: ['→', ']'], action: 'Next task' },
  { keys: ['F'], action: 'Flag / unflag for later' },
  { keys: ['C'], action: 'Comment (Esc to leave)' },
  { keys: ['/', 'Ctrl+F'], action: 'Find in context' },
  { keys: ['P'], action: 'Pause: hide the texts, stop the clock' },
  HELP_SHORTCUT,
];
