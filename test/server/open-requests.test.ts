import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OpenRequests, type Linked } from '../../src/server/open-requests.ts';

interface Item extends Linked<Item> { id: number }
const item = (id: number): Item => ({ id, openNewer: undefined, openOlder: undefined, openListed: false });

describe('OpenRequests (the requests not yet answered)', () => {
  it('holds what a Set would, in the order added, through any sequence of adds, deletes and sweeps', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), id: fc.integer({ min: 0, max: 9 }) }),
      fc.record({ kind: fc.constant('delete' as const), id: fc.integer({ min: 0, max: 9 }) }),
      fc.record({ kind: fc.constant('sweep' as const), id: fc.integer({ min: 0, max: 9 }) }),
    );
    fc.assert(fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
      const items = Array.from({ length: 10 }, (_, i) => item(i));
      const list = new OpenRequests<Item>();
      const reference = new Set<Item>();
      for (const { kind, id } of ops) {
        const it = items[id] as Item;
        if (kind === 'add') {
          list.add(it);
          reference.add(it);
        } else if (kind === 'delete') {
          list.delete(it);
          reference.delete(it);
        } else {
          // A sweep deletes, while visiting, every item whose id is at least this one's.
          const visited: number[] = [];
          for (const x of list) {
            visited.push(x.id);
            if (x.id >= id) list.delete(x);
          }
          expect(visited).toEqual([...reference].map((x) => x.id));
          for (const x of [...reference]) if (x.id >= id) reference.delete(x);
        }
        expect(list.size).toBe(reference.size);
        expect([...list].map((x) => x.id)).toEqual([...reference].map((x) => x.id));
      }
    }));
  });
});
