import type { EntityManager } from 'typeorm';

/** Work that follows a kind of write, in another area of the API (docs/architecture.md "API areas"). */
export interface WriteFollower<T> {
  /** Runs in the write's own transaction: what it records commits or rolls back with the write. */
  inTransaction(manager: EntityManager, change: T): Promise<void>;
  /** Runs once the write committed. */
  committed(change: T): void;
}

/**
 * Where an area tells whoever follows its writes without knowing them: followers register at start-up; the
 * writer calls `note` inside its transaction and `committed` after it.
 */
export class WriteFollowers<T> {
  private readonly followers: WriteFollower<T>[] = [];

  listen(follower: WriteFollower<T>): void {
    this.followers.push(follower);
  }

  async note(manager: EntityManager, change: T): Promise<void> {
    for (const follower of this.followers) await follower.inTransaction(manager, change);
  }

  committed(change: T): void {
    for (const follower of this.followers) follower.committed(change);
  }
}
