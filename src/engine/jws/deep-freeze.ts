/**
 * Freezes a parsed JSON value and everything in it; iterative, so no nesting can exhaust the stack.
 * For parsed values shared between requests (a decoded header, held claims): nothing may change them.
 */
export function deepFreeze<T>(value: T): T {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const v = pending.pop();
    if (typeof v !== 'object' || v === null) continue;
    Object.freeze(v);
    for (const key in v) pending.push((v as Record<string, unknown>)[key]);
  }
  return value;
}
