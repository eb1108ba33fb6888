/** What the list links through: each request's state carries its own two links. */
export interface Linked<T> {
  openNewer: T | undefined;
  openOlder: T | undefined;
  /** In the list now. */
  openListed: boolean;
}

/**
 * The requests received and not yet answered, oldest first, as a list linked through the request
 * states themselves. A Set grows and shrinks its table as the load rises and falls, and every request
 * paid for the rehashing; adding and removing here touches two neighbours.
 */
export class OpenRequests<T extends Linked<T>> {
  #oldest: T | undefined;
  #newest: T | undefined;
  #size = 0;

  get size(): number {
    return this.#size;
  }

  add(item: T): void {
    if (item.openListed) return;
    item.openListed = true;
    item.openOlder = this.#newest;
    item.openNewer = undefined;
    if (this.#newest !== undefined) this.#newest.openNewer = item;
    else this.#oldest = item;
    this.#newest = item;
    this.#size++;
  }

  delete(item: T): void {
    if (!item.openListed) return;
    item.openListed = false;
    if (item.openOlder !== undefined) item.openOlder.openNewer = item.openNewer;
    else this.#oldest = item.openNewer;
    if (item.openNewer !== undefined) item.openNewer.openOlder = item.openOlder;
    else this.#newest = item.openOlder;
    item.openOlder = undefined;
    item.openNewer = undefined;
    this.#size--;
  }

  /** Oldest first. The item being visited may be deleted during the visit; no other may. */
  *[Symbol.iterator](): IterableIterator<T> {
    let item = this.#oldest;
    while (item !== undefined) {
      const next = item.openNewer;
      yield item;
      item = next;
    }
  }
}
