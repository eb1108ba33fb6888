import { awsTrustPolicyFormat } from './aws-format.ts';
import type { TrustFormat } from './format.ts';

/** Every trust document format the checker reads, by the request member that holds it. */
export const TRUST_FORMATS: readonly TrustFormat[] = [awsTrustPolicyFormat];
