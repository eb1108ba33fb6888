/** "Did you mean …?": the known word closest to a misspelt one, for a hint in a message. */

/**
 * The candidate nearest to `word`, ignoring letter case: at most two edits away (audience →
 * audiences, alowed_algs → allowed_algs), the first of equals in the candidates' order. Undefined
 * when none is that close. With `prefixes`, a word of three or more letters that starts a candidate
 * counts as one edit away (`--iss` → `--issuer-profiles`), as command-line users abbreviate.
 */
export function nearest(word: string, candidates: Iterable<string>, options: { prefixes?: boolean } = {}): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  const lower = word.toLowerCase();
  for (const candidate of candidates) {
    const name = candidate.toLowerCase();
    const d = options.prefixes === true && lower.length >= 3 && name.startsWith(lower) ? 1 : distance(lower, name);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** Levenshtein distance, or 3 as soon as the lengths alone rule out 2 or fewer. */
function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length] ?? 3;
}
