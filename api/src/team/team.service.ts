import { containsPattern } from '../common/sql';
import type { DataSource } from 'typeorm';
import type { AuditService } from '../audit/audit.service';
import type { Viewer } from '../common/access';
import { notFound, validationError } from '../common/errors';
import { isUuid, validateInput } from '../common/validate';
import { topics, touched } from '../db/change-feed';
import type { ImageService } from '../uploads/image.service';
import { imageUrls } from '../uploads/image-urls';
import { TeamMemberEntity, type SocialLinksValue } from './team-member.entity';
import { applyTranslationInput, lacksTranslationSql, translationMatchSql, type LocalizedText } from '../i18n/translations';
import { TRANSLATION_LANGUAGES } from '../i18n/languages';
import { TEAM_TEXT, TeamMemberInput, TeamMemberUpdateInput, type TeamMemberView, type TeamTextField } from './team.types';

const TEAM_TEXT_COLUMNS: Record<TeamTextField, string> = { name: 'name', designation: 'designation', description: 'description' };

/** A team member's text: English from the columns, other languages as stored. */
export const teamText = (m: TeamMemberEntity): LocalizedText<TeamTextField> => ({
  source: { name: m.name, designation: m.designation, description: m.description },
  translations: m.translations ?? {},
});

export const TEAM_NOT_FOUND = 'Team member not found';
export const IMAGE_REQUIRED = 'Image is required';
export const SOCIAL_LINKS_JSON = 'Social links must be a JSON object';

/** The legacy form sends socialLinks as JSON text (multipart); GraphQL and JSON bodies send an object. */
function withParsedLinks(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const links = (raw as Record<string, unknown>).socialLinks;
  if (links === undefined || links === null || links === '') {
    const { socialLinks: _drop, ...rest } = raw as Record<string, unknown>;
    return rest;
  }
  let parsed: unknown = links;
  if (typeof links === 'string') {
    try {
      parsed = JSON.parse(links);
    } catch {
      throw validationError(SOCIAL_LINKS_JSON, { socialLinks: SOCIAL_LINKS_JSON });
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw validationError(SOCIAL_LINKS_JSON, { socialLinks: SOCIAL_LINKS_JSON });
  return { ...(raw as Record<string, unknown>), socialLinks: parsed };
}

function linksValue(input: { facebook?: string; linkedin?: string; twitter?: string; github?: string } | undefined): SocialLinksValue {
  return { facebook: input?.facebook ?? null, linkedin: input?.linkedin ?? null, twitter: input?.twitter ?? null, github: input?.github ?? null };
}

/** Team members shown on /teams, oldest first (the page shows them in reverse). */
export class TeamService {
  constructor(private readonly dataSource: DataSource, readonly images: ImageService, private readonly audit?: AuditService) {}

  get repo() {
    return this.dataSource.getRepository(TeamMemberEntity);
  }

  /** Every member, or those matching a search (name or designation in any language) or lacking a language. */
  list(filter: { search?: string | null; missingLanguage?: string | null } = {}): Promise<TeamMemberEntity[]> {
    const qb = this.repo.createQueryBuilder('m').orderBy('m.created_at', 'ASC').addOrderBy('m.id', 'ASC');
    const search = filter.search?.trim().slice(0, 100);
    if (search) {
      qb.andWhere(`(m.name ILIKE :pattern OR m.designation ILIKE :pattern OR ${translationMatchSql('m', ['name', 'designation'], 'pattern')})`, { pattern: containsPattern(search) });
    }
    if (filter.missingLanguage) {
      if (!(TRANSLATION_LANGUAGES as readonly string[]).includes(filter.missingLanguage)) throw validationError('Unknown language', { missingLanguage: 'Unknown language' });
      qb.andWhere(lacksTranslationSql('m', TEAM_TEXT, TEAM_TEXT_COLUMNS, 'missingLanguage'), { missingLanguage: filter.missingLanguage });
    }
    return qb.getMany();
  }

  async get(id: string): Promise<TeamMemberEntity> {
    const found = isUuid(id) ? await this.repo.findOne({ where: { id } }) : null;
    if (!found) throw notFound(TEAM_NOT_FOUND);
    return found;
  }

  async create(actor: Viewer | null, raw: unknown, image?: Buffer): Promise<TeamMemberEntity> {
    const input = await validateInput(TeamMemberInput, withParsedLinks(raw));
    if (!image && !input.imageKey) throw validationError(IMAGE_REQUIRED, { image: IMAGE_REQUIRED });
    if (!image && input.imageKey) await this.images.assertUsableKey(input.imageKey);
    const imageKey = image ? await this.images.save(image) : input.imageKey!;
    try {
      return await this.dataSource.transaction(async (m) => {
        const repo = m.getRepository(TeamMemberEntity);
        const saved = await repo.save(
          repo.create({
            name: input.name,
            designation: input.designation,
            description: input.description,
            translations: applyTranslationInput({}, input, TEAM_TEXT),
            imageKey,
            socialLinks: linksValue(input.socialLinks),
          }),
        );
        await this.audit?.record(actor, { action: 'team.create', entityType: 'team_member', entityId: saved.id, before: null, after: saved }, m);
        touched(m, topics.team);
        return saved;
      });
    } catch (err) {
      if (image) await this.images.remove(imageKey);
      throw err;
    }
  }

  async update(actor: Viewer | null, id: string, raw: unknown, image?: Buffer): Promise<TeamMemberEntity> {
    const input = await validateInput(TeamMemberUpdateInput, withParsedLinks(raw ?? {}));
    await this.get(id);
    if (!image && input.imageKey) await this.images.assertUsableKey(input.imageKey);
    const newKey = image ? await this.images.save(image) : input.imageKey;
    let oldKey: string | null = null;
    let saved: TeamMemberEntity;
    try {
      saved = await this.dataSource.transaction(async (m) => {
        const repo = m.getRepository(TeamMemberEntity);
        const member = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!member) throw notFound(TEAM_NOT_FOUND);
        const before = { ...member };
        if (input.name !== undefined) member.name = input.name;
        if (input.designation !== undefined) member.designation = input.designation;
        if (input.description !== undefined) member.description = input.description;
        if (input.socialLinks !== undefined) member.socialLinks = linksValue(input.socialLinks);
        member.translations = applyTranslationInput(member.translations ?? {}, input, TEAM_TEXT);
        if (newKey && newKey !== member.imageKey) {
          oldKey = member.imageKey;
          member.imageKey = newKey;
        }
        const after = await repo.save(member);
        await this.audit?.record(actor, { action: 'team.update', entityType: 'team_member', entityId: id, before, after }, m);
        touched(m, topics.team);
        return after;
      });
    } catch (err) {
      // Rolled back: the stored row still names the old image; only the just-uploaded file goes.
      if (image && newKey) await this.images.remove(newKey);
      throw err;
    }
    // Committed: the replaced image's files go, unless another record uses the same key.
    await this.images.releaseUnused(this.dataSource, [oldKey]);
    return saved;
  }

  async delete(actor: Viewer | null, id: string): Promise<TeamMemberEntity> {
    await this.get(id);
    const deleted = await this.dataSource.transaction(async (m) => {
      const member = await m.getRepository(TeamMemberEntity).findOne({ where: { id } });
      if (!member) throw notFound(TEAM_NOT_FOUND);
      await m.getRepository(TeamMemberEntity).delete({ id });
      await this.audit?.record(actor, { action: 'team.delete', entityType: 'team_member', entityId: id, before: member, after: null }, m);
      touched(m, topics.team);
      return member;
    });
    await this.images.releaseUnused(this.dataSource, [deleted.imageKey]);
    return deleted;
  }

  toView(m: TeamMemberEntity): TeamMemberView {
    const links = m.socialLinks ?? {};
    return {
      id: m.id,
      text: teamText(m),
      ...imageUrls(m.imageKey),
      socialLinks: { facebook: links.facebook ?? null, linkedin: links.linkedin ?? null, twitter: links.twitter ?? null, github: links.github ?? null },
    };
  }
}
