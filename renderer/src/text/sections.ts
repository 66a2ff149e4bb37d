/** A part of a long clinical text: its heading line ("Discharge Diagnosis:"), or none for the preamble. */
export interface TextSection {
  title: string | null;
  body: string;
}

// A heading is a short line ending in a colon with nothing after it, as discharge summaries write them
// ("Discharge Diagnosis:", "HISTORY OF PRESENT ILLNESS:"). Lines such as "Sex: F" stay body text.
const HEADING = /^\s*([A-Za-z][A-Za-z0-9 /&(),'+-]{1,60}):\s*$/;

export function splitSections(text: string): TextSection[] {
  const sections: TextSection[] = [];
  let current: { title: string | null; lines: string[] } = { title: null, lines: [] };
  const flush = () => {
    const body = current.lines.join('\n').replace(/^\n+|\s+$/g, '');
    if (current.title !== null || body) sections.push({ title: current.title, body });
  };
  for (const line of text.split(/\r?\n/)) {
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      current = { title: heading[1]!.trim(), lines: [] };
    } else {
      current.lines.push(line);
    }
  }
  flush();
  return sections;
}
