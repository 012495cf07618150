import { Injectable, Logger } from '@nestjs/common';
import {
  LEAD_FIELDS,
  LEAD_FORM_ANCHOR,
  LEAD_SENT_PARAM,
  LEAD_TEXTS,
  leadRequest,
  validateLead,
  type LeadDraft,
  type LeadFormState,
} from '@site/shared-types';
import type { Request, Response } from 'express';
import { ApiException } from '../../core/api.exception.js';
import { BoundedLog } from '../../core/bounded-log.js';
import { clientAddress } from '../../core/client-info.js';
import { unstorableText } from '../../core/validation.js';
import { MessagesService } from '../../content/messages/messages.service.js';
import { PageRequests } from './page-request.js';
import { PageService } from './page.service.js';

/** The routes whose page holds the contact form, and the anchor of the form on it. */
const FORM_PAGES: Record<string, string> = { about: `#${LEAD_FORM_ANCHOR}`, meabout: '' };

/** A form the server did not take is answered with its page and this status. */
const REFUSED = 422;

/**
 * A contact form the browser sent itself, before the application ran or without JavaScript (docs/behaviour.md
 * #contact-form): `POST` to the page that holds the form, form-encoded. The fields are checked with the forms' own
 * rules and the lead is stored as `POST /api/leaveword` stores it (the same limit, outbox and notifications). A lead
 * taken moves the browser on (303) to the page's `?sent=1`, which says so: nothing the visitor typed is ever in an
 * address. One not taken gets the page again (422), with what was typed and why: each wrong field's message, the
 * limit's words, or, when the field for bots was filled (a browser's autofill may do it), a word to send once more,
 * with that field empty.
 */
@Injectable()
export class LeadFormPosts {
  private readonly logger = new Logger('LeadForm');
  private readonly trapped = new BoundedLog((line) => this.logger.warn(line));

  constructor(
    private readonly pages: PageRequests,
    private readonly page: PageService,
    private readonly messages: MessagesService,
  ) {}

  /** Whether a `POST` is a contact form sent to a page that holds one. */
  handles(req: Request, res: Response): boolean {
    const route = this.pages.of(req, res).match?.route.name;
    return route !== undefined && Object.hasOwn(FORM_PAGES, route);
  }

  async take(req: Request, res: Response): Promise<void> {
    const page = this.pages.of(req, res);
    const body = typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};
    const text = (name: string) => (typeof body[name] === 'string' ? body[name] : '');
    const draft = Object.fromEntries(LEAD_FIELDS.map((field) => [field, text(field)])) as LeadDraft;

    const errors = validateLead(draft);
    for (const field of LEAD_FIELDS) {
      if (!errors[field] && unstorableText(draft[field]) !== null) errors[field] = LEAD_TEXTS.unstorable;
    }
    if (Object.keys(errors).length > 0) return this.refuse(req, res, { draft, errors, outcome: null });
    if (text('website')) {
      this.trapped.note('trap', `A contact form was sent with its field for bots filled (from ${clientAddress(req)})`);
      return this.refuse(req, res, { draft, errors: {}, outcome: { kind: 'error', text: LEAD_TEXTS.trapped } });
    }
    try {
      await this.messages.leave(leadRequest(draft, page.path), {
        ip: clientAddress(req),
        userAgent: req.get('user-agent') ?? '',
      });
    } catch (error) {
      if (!(error instanceof ApiException)) throw error;
      return this.refuse(req, res, { draft, errors: {}, outcome: { kind: 'error', text: error.message } });
    }
    const anchor = FORM_PAGES[page.match!.route.name] ?? '';
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, `${page.path}?${LEAD_SENT_PARAM}=1${anchor}`);
  }

  private refuse(req: Request, res: Response, lead: LeadFormState): Promise<void> {
    return this.page.serve(req, res, { lead, status: REFUSED });
  }
}
