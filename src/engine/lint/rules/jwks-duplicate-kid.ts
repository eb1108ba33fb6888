import { report, type LintRule } from '../types.ts';

export const jwksDuplicateKid: LintRule = {
  code: 'JWKS_DUPLICATE_KID',
  severity: 'warning',
  title: 'Two JWKS keys share a kid',
  docs: 'Validators pick the key by kid; when two keys share one, which key verifies a token depends on the validator, and a rotation can silently break verification.',
  remediation: 'Give every key in the set its own kid.',
  needsJwks: true,
  check({ jwks }) {
    if (jwks.state !== 'fetched') return [];
    const byKid = new Map<string, number[]>();
    for (const k of jwks.analysis.keys) {
      if (k.kid === undefined) continue;
      byKid.set(k.kid, [...(byKid.get(k.kid) ?? []), k.index]);
    }
    return [...byKid]
      .filter(([, indexes]) => indexes.length > 1)
      .map(([kid, indexes]) =>
        report(jwksDuplicateKid, `JWKS keys ${indexes.join(', ')} share kid "${kid}".`, { field: '/jwks_uri', kid, key_indexes: indexes }),
      );
  },
};
