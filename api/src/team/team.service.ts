import type { DataSource } from 'typeorm';
import { notFound } from '../common/errors';
import { isUuid } from '../common/validate';
import type { ImageService } from '../uploads/image.service';
import { imageUrls } from '../uploads/image-urls';
import { TeamMemberEntity } from './team-member.entity';
import type { TeamMemberView } from './team.types';

/** Team members shown on /teams, oldest first (the page shows them in reverse). */
export class TeamService {
  constructor(private readonly dataSource: DataSource, readonly images: ImageService) {}

  get repo() {
    return this.dataSource.getRepository(TeamMemberEntity);
  }

  list(): Promise<TeamMemberEntity[]> {
    return this.repo.find({ order: { createdAt: 'ASC', id: 'ASC' } });
  }

  async get(id: string): Promise<TeamMemberEntity> {
    const found = isUuid(id) ? await this.repo.findOne({ where: { id } }) : null;
    if (!found) throw notFound('Team member not found');
    return found;
  }

  toView(m: TeamMemberEntity): TeamMemberView {
    const links = m.socialLinks ?? {};
    return {
      id: m.id,
      name: m.name,
      designation: m.designation,
      description: m.description,
      ...imageUrls(m.imageKey),
      socialLinks: { facebook: links.facebook ?? null, linkedin: links.linkedin ?? null, twitter: links.twitter ?? null, github: links.github ?? null },
    };
  }
}
