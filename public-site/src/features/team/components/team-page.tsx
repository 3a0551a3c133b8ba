import { useMemo } from 'react';
import { useTranslation } from '@/i18n/translator';
import type { TeamMembersQuery } from '@/gql/graphql';
import { FallbackImage } from '@/components/ui/fallback-image';
import { ErrorAlert } from '@/components/ui/error-alert';
import { EmptyState } from '@/components/ui/empty-state';
import { Loading } from '@/components/ui/loading';
import { useTeamMembers } from '../api/use-team-members';
import { SocialIcon, type SocialNetwork } from './social-icon';
import avatarFallback from '@/assets/avatar.svg';
import './team.css';

type Member = TeamMembersQuery['teamMembers'][number];
const networks: SocialNetwork[] = ['facebook', 'linkedin', 'twitter', 'github'];

/** The API lists members oldest first; the page shows the newest first. */
export function displayOrder<T>(members: readonly T[]): T[] {
  return [...members].reverse();
}

function TeamCard({ member, eager }: { member: Member; eager: boolean }) {
  const { t } = useTranslation();
  const links = networks.filter((n) => member.socialLinks[n]);
  return (
    <li className="team-card">
      <FallbackImage
        className="team-card__photo"
        src={member.imageUrl}
        srcSet={member.imageSrcSet}
        sizes="(max-width: 639px) 90vw, 280px"
        fallbackSrc={avatarFallback}
        alt={t('team.photo', { name: member.name })}
        width={320}
        height={320}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
      <h2 className="team-card__name">{member.name}</h2>
      <p className="team-card__designation">{member.designation}</p>
      <p className="team-card__description">{member.description}</p>
      {links.length > 0 ? (
        <ul className="team-card__social">
          {links.map((network) => (
            <li key={network}>
              <a
                href={member.socialLinks[network] ?? undefined}
                target="_blank"
                rel="noopener noreferrer"
                className="icon-button icon-button--small"
                aria-label={t(`team.social.${network}`, { name: member.name })}
              >
                <SocialIcon network={network} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function TeamPage() {
  const { t } = useTranslation();
  const { data, loading, error } = useTeamMembers();
  const members = useMemo(() => displayOrder(data?.teamMembers ?? []), [data]);

  let body;
  if (loading && !data) body = <Loading label={t('team.loading')} />;
  else if (error) body = <ErrorAlert>{t('team.loadError')}</ErrorAlert>;
  else if (members.length === 0) body = <EmptyState title={t('team.empty')} />;
  else
    body = (
      <ul className="team-grid">
        {members.map((m, i) => (
          <TeamCard key={m.id} member={m} eager={i < 4} />
        ))}
      </ul>
    );

  return (
    <div className="container section">
      <header className="page-header">
        <h1 className="page-title">{t('team.heading')}</h1>
        <p className="page-lead">{t('team.intro')}</p>
      </header>
      {body}
    </div>
  );
}
