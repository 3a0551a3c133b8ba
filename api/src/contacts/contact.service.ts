import { PAGE_SIZE } from '../common/page';
import type { DataSource } from 'typeorm';
import type { AuditService } from '../audit/audit.service';
import type { Viewer } from '../common/access';
import { notFound } from '../common/errors';
import { isUuid, validateInput } from '../common/validate';
import { ContactSubmissionEntity } from './contact.entity';
import type { WebhookPlanner } from '../webhooks/webhook.service';
import { ContactInput, ContactStatusInput } from './contact.types';

export const CONTACT_THANKS = 'Thank you! Your message has been sent successfully.';

/** Messages visitors send through the contact form, and their handling status. */
export class ContactService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    /** contact.created webhooks, planned with the message. */
    private readonly webhooks: WebhookPlanner,
  ) {}

  private get repo() {
    return this.dataSource.getRepository(ContactSubmissionEntity);
  }

  async submit(raw: unknown): Promise<ContactSubmissionEntity> {
    const input = await validateInput(ContactInput, raw);
    return this.dataSource.transaction(async (m) => {
      const repo = m.getRepository(ContactSubmissionEntity);
      const saved = await repo.save(repo.create({ ...input, email: input.email.toLowerCase() }));
      await this.webhooks.plan(m, 'contact.created', {
        _id: saved.id, id: saved.id, name: saved.name, email: saved.email, phone: saved.phone, subject: saved.subject, message: saved.message, status: saved.status, createdAt: saved.createdAt, updatedAt: saved.updatedAt,
      });
      return saved;
    });
  }

  async list(rawOffset = 0, rawLimit: number = PAGE_SIZE.restDefault): Promise<{ items: ContactSubmissionEntity[]; total: number; offset: number; limit: number }> {
    const offset = Math.max(0, Math.floor(Number(rawOffset) || 0));
    const limit = Math.min(Math.max(1, Math.floor(Number(rawLimit) || 1)), PAGE_SIZE.max);
    const [items, total] = await this.repo.findAndCount({ order: { createdAt: 'DESC', id: 'ASC' }, skip: offset, take: limit });
    return { items, total, offset, limit };
  }

  async get(id: string): Promise<ContactSubmissionEntity> {
    const found = isUuid(id) ? await this.repo.findOne({ where: { id } }) : null;
    if (!found) throw notFound('Contact submission not found');
    return found;
  }

  async setStatus(actor: Viewer | null, id: string, raw: unknown): Promise<{ before: ContactSubmissionEntity; after: ContactSubmissionEntity }> {
    const { status } = await validateInput(ContactStatusInput, raw);
    await this.get(id);
    return this.dataSource.transaction(async (m) => {
      const repo = m.getRepository(ContactSubmissionEntity);
      const found = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!found) throw notFound('Contact submission not found');
      const before = { ...found };
      found.status = status;
      const after = await repo.save(found);
      await this.audit.record(actor, { action: 'contact.status', entityType: 'contact_submission', entityId: id, before: { status: before.status }, after: { status: after.status } }, m);
      return { before, after };
    });
  }
}
