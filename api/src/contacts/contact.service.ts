import type { DataSource } from 'typeorm';
import { notFound } from '../common/errors';
import { isUuid, validateInput } from '../common/validate';
import { ContactSubmissionEntity } from './contact.entity';
import { ContactInput, ContactStatusInput } from './contact.types';

export const CONTACT_THANKS = 'Thank you! Your message has been sent successfully.';

/** Messages visitors send through the contact form, and their handling status. */
export class ContactService {
  constructor(private readonly dataSource: DataSource) {}

  private get repo() {
    return this.dataSource.getRepository(ContactSubmissionEntity);
  }

  async submit(raw: unknown): Promise<ContactSubmissionEntity> {
    const input = await validateInput(ContactInput, raw);
    return this.repo.save(this.repo.create({ ...input, email: input.email.toLowerCase() }));
  }

  async list(offset = 0, limit = 100): Promise<{ items: ContactSubmissionEntity[]; total: number }> {
    const [items, total] = await this.repo.findAndCount({ order: { createdAt: 'DESC' }, skip: Math.max(0, offset), take: Math.min(Math.max(1, limit), 500) });
    return { items, total };
  }

  async get(id: string): Promise<ContactSubmissionEntity> {
    const found = isUuid(id) ? await this.repo.findOne({ where: { id } }) : null;
    if (!found) throw notFound('Contact submission not found');
    return found;
  }

  async setStatus(id: string, raw: unknown): Promise<{ before: ContactSubmissionEntity; after: ContactSubmissionEntity }> {
    const { status } = await validateInput(ContactStatusInput, raw);
    const found = await this.get(id);
    const before = { ...found };
    found.status = status;
    return { before, after: await this.repo.save(found) };
  }
}
