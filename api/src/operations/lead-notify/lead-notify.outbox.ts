import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { NewLeads, type NewLead, type NewLeadListener } from '../../content/messages/new-leads.js';
import { leadDeliveries } from './lead-notify.queries.js';
import { LeadNotifyWorker } from './lead-notify.worker.js';

/**
 * Follows the contact form's writes (content's `NewLeads`): a new message's deliveries are queued in the
 * transaction that stores it, one per enabled channel, and once it committed this process delivers them.
 */
@Injectable()
export class LeadOutbox implements OnModuleInit, NewLeadListener {
  private readonly queued = new WeakSet<NewLead>();

  constructor(
    private readonly leads: NewLeads,
    private readonly worker: LeadNotifyWorker,
  ) {}

  onModuleInit(): void {
    this.leads.listen(this);
  }

  async inTransaction(manager: EntityManager, lead: NewLead): Promise<void> {
    const queued = await this.worker.outbox.enqueue(manager, await leadDeliveries(manager, lead.messageId));
    if (queued.length > 0) this.queued.add(lead);
  }

  committed(lead: NewLead): void {
    if (this.queued.has(lead)) this.worker.kick();
  }
}
