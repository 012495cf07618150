import { Injectable } from '@nestjs/common';
import { WriteFollowers, type WriteFollower } from '../../core/write-followers.js';

/** A message a visitor left, by its id. */
export interface NewLead {
  messageId: number;
}

export type NewLeadListener = WriteFollower<NewLead>;

/**
 * Where a stored contact-form message is announced: operations' lead notifications queue its deliveries in the
 * transaction that stores it (docs/behaviour.md#lead-notifications), and send them once it committed.
 */
@Injectable()
export class NewLeads extends WriteFollowers<NewLead> {}
