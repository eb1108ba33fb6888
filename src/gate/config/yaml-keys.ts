/**
 * Keys written twice in one mapping. The yaml package can check this while parsing, but it compares
 * each new key with every earlier key of its map: one map of 100,000 keys (a 1 MiB file) then takes
 * minutes before the size limit can refuse it. So the gate parses without that check, counts nodes
 * first, and finds repeated keys here: one set per map, each node visited once (aliases are not
 * followed, so an alias bomb costs nothing here either).
 */
import { isAlias, isMap, isPair, isScalar, isSeq } from 'yaml';

/** Offsets of every key that repeats an earlier key of its map, in document order. */
export function duplicateKeyOffsets(root: unknown): number[] {
  const out: number[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || isAlias(node)) continue;
    if (isMap(node)) {
      const seen = new Set<string>();
      for (const item of node.items as unknown[]) {
        if (!isPair(item)) continue;
        // Scalars compare by the property name they become (1 and "1" are one key once read);
        // a collection as a key is never equal to another, as in the yaml package's own check.
        if (isScalar(item.key)) {
          const name = String(item.key.value);
          if (seen.has(name)) out.push(item.key.range?.[0] ?? 0);
          seen.add(name);
        }
        stack.push(item.value, item.key);
      }
    } else if (isSeq(node)) {
      for (const item of node.items as unknown[]) stack.push(item);
    }
  }
  return out.sort((a, b) => a - b);
}
