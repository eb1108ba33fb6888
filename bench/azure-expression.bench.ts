/**
 * Part of npm run bench: reading an Azure claims matching expression is linear in its length, whatever
 * the text. Each shape is read at 8,192 and at 131,072 characters (sixteen times as long), best of five
 * runs of ten reads each, after a warm-up; the ratio is about 16 where the reading is linear, and 256
 * where it would be quadratic.
 */
import { readExpression } from '../src/engine/trust/azure/expression.ts';

const shapes: ((n: number) => string)[] = [
      (n: number) => `claims['sub'] eq '${'a'.repeat(n)}'`,
      (n: number) => Array.from({ length: n / 20 }, () => "claims['s'] eq 'x'").join(' and '),
      (n: number) => `claims['${"'".repeat(n)}`,
      (n: number) => `${' '.repeat(n)}x`,
      (n: number) => `claims['sub'] eq '${"a'".repeat(n / 2)}`,
    ];

function time(shape: (n: number) => string, n: number): number {
  const text = shape(n);
  let best = Infinity;
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    for (let i = 0; i < 10; i++) readExpression(text);
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

console.log('azure claims matching expression, reading time at 131,072 against 8,192 characters (linear: about 16×):');
shapes.forEach((shape, k) => {
  time(shape, 131072);
  const ratio = time(shape, 131072) / Math.max(time(shape, 8192), 0.001);
  console.log(`  shape ${k + 1} (${JSON.stringify(shape(24).slice(0, 24))}…): ${ratio.toFixed(1)}×, ${ratio < 64 ? 'linear' : 'NOT linear'}`);
});
