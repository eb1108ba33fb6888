/**
 * Fenced code blocks of a Markdown page, as the README tests read them: the info string's words, the
 * body, the 1-based line of the opening fence, and the HTML comment on the line right before it
 * (`<!-- illustrative -->`, `<!-- tested: test/x.test.ts -->`), if any.
 */
export interface Fence {
  /** The words of the info string: `sh runnable` is ['sh', 'runnable']. */
  info: string[];
  body: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The text of an HTML comment on the line right before the fence, trimmed. */
  mark?: string;
}

export function fences(markdown: string): Fence[] {
  const out: Fence[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,})(.*)$/.exec(lines[i] as string);
    if (!open) continue;
    const marker = open[1] as string;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !(lines[j] as string).startsWith(marker)) body.push(lines[j++] as string);
    const comment = /^<!--(.*)-->\s*$/.exec(lines[i - 1] ?? '');
    const fence: Fence = { info: (open[2] as string).trim().split(/\s+/).filter(Boolean), body: body.join('\n'), line: i + 1 };
    if (comment) fence.mark = (comment[1] as string).trim();
    out.push(fence);
    i = j;
  }
  return out;
}

export const isRunnable = (f: Fence): boolean => f.info[0] === 'sh' && f.info.includes('runnable');
export const isOutput = (f: Fence): boolean => f.info[0] === 'text' && f.info.includes('output');
