/** Limits shared by the files that hold many trust documents (Terraform plans, CloudFormation templates). */

/**
 * Trust documents judged from one file. CloudFormation caps a stack at 500 resources; a plan with more
 * trust resources than that is better split by workspace. Each document is one trust-policy request,
 * bounded in cost like any other.
 */
export const MAX_SOURCE_DOCUMENTS = 500;

/**
 * One large file at a time. A run loads its config files concurrently, and a plan of 20 MB takes a few
 * hundred megabytes while it is parsed: read one after another, many entries naming large files cost
 * time, not memory the runner does not have.
 */
let queue: Promise<unknown> = Promise.resolve();

export function serially<T>(read: () => Promise<T>): Promise<T> {
  const next = queue.then(read, read);
  queue = next.catch(() => undefined);
  return next;
}
