import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { AdminTeamMembersDocument, DeleteTeamMemberDocument, type AdminTeamMemberFieldsFragment } from '@/gql/graphql';
import { en } from '@/i18n/en';
import { hindiStatus } from '@/lib/content-languages';
import { describeError } from '@/lib/errors';
import { uploadImage } from '@/lib/rest';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useListParams } from '@/lib/use-list-params';
import { HindiStatusBadge } from '@/components/ui/hindi-status-badge';
import { ListState } from '@/components/ui/list-state';
import { Notice, type NoticeValue } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { SearchBox } from '@/components/ui/search-box';
import { ToggleFilter } from '@/components/ui/toggle-filter';
import { useCreateTeamMember, useUpdateTeamMember } from '../api/use-save-team-member';
import { socialNetworks, teamTextFields, type TeamMemberFormValues } from '../lib/team-rules';
import { TeamMemberForm } from './team-member-form';
import '../team.css';

const t = en.team;
const textFields = teamTextFields.map((f) => f.field);

type Editing = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; member: AdminTeamMemberFieldsFragment };

export function TeamPage() {
  useDocumentTitle(t.title);
  const { values: params, set } = useListParams(['search', 'missing'] as const);
  const search = params.search.trim();
  // ?missing=hi: only members not fully written in Hindi.
  const missingHindi = params.missing === 'hi';
  const filtered = !!search || missingHindi;
  const { data, loading, error, refetch } = useQuery(AdminTeamMembersDocument, {
    variables: { search: search || undefined, missingLanguage: missingHindi ? 'hi' : undefined },
    fetchPolicy: 'cache-and-network',
  });
  const createMember = useCreateTeamMember();
  const updateMember = useUpdateTeamMember();
  const [deleteMember, { loading: deleting }] = useMutation(DeleteTeamMemberDocument);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [notice, setNotice] = useState<NoticeValue | null>(null);

  const onSubmit = async (values: TeamMemberFormValues, image: File | null) => {
    const imageKey = image ? (await uploadImage(image)).imageKey : undefined;
    if (editing.mode === 'edit') {
      await updateMember(editing.member.id, values, imageKey);
      setNotice({ kind: 'success', text: t.updated });
    } else {
      await createMember(values, imageKey);
      setNotice({ kind: 'success', text: t.added });
    }
    setEditing({ mode: 'closed' });
    await refetch();
  };

  const onDelete = async (member: AdminTeamMemberFieldsFragment) => {
    if (!window.confirm(t.deleteConfirm)) return;
    setNotice(null);
    try {
      await deleteMember({ variables: { id: member.id } });
      setNotice({ kind: 'success', text: t.deleted });
      if (editing.mode === 'edit' && editing.member.id === member.id) setEditing({ mode: 'closed' });
      await refetch();
    } catch {
      setNotice({ kind: 'error', text: t.deleteFailed });
    }
  };

  const members = data?.teamMembers;
  return (
    <div className="stack">
      <PageHeader
        title={t.title}
        actions={
          editing.mode === 'closed' ? (
            <button type="button" className="btn btn-primary" onClick={() => { setNotice(null); setEditing({ mode: 'create' }); }}>
              {t.addMember}
            </button>
          ) : undefined
        }
      />
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      {editing.mode !== 'closed' && (
        <TeamMemberForm
          key={editing.mode === 'edit' ? editing.member.id : 'new'}
          member={editing.mode === 'edit' ? editing.member : null}
          onSubmit={onSubmit}
          onCancel={() => setEditing({ mode: 'closed' })}
        />
      )}
      <div className="toolbar">
        <SearchBox id="team-search" label={t.searchLabel} placeholder={t.searchPlaceholder} value={params.search} onSearch={(v) => set({ search: v })} />
        <ToggleFilter
          label={en.content.missingHindiFilter}
          title={en.content.missingHindiFilterHint}
          pressed={missingHindi}
          onChange={(on) => set({ missing: on ? 'hi' : null })}
        />
      </div>
      <ListState data={members} loading={loading} error={error} errorMessage={describeError(error, t.loadFailed)} onRetry={() => void refetch()} empty={filtered ? t.emptyFiltered : t.empty}>
        {(members) => (
          <ul className="team-grid">
            {members.map((m) => (
              <li key={m.id} className="team-card card">
                {m.imageUrl ? (
                  <img className="team-photo" src={m.imageUrl} srcSet={m.imageSrcSet ?? undefined} sizes="96px" alt={m.name} loading="lazy" />
                ) : (
                  <div className="team-photo team-photo-empty" aria-hidden="true">
                    {m.name.slice(0, 1)}
                  </div>
                )}
                <div className="team-body">
                  <h3 className="team-name">{m.name}</h3>
                  <HindiStatusBadge status={hindiStatus(m, textFields)} />
                  <p className="team-designation">{m.designation}</p>
                  <p className="team-description">{m.description}</p>
                  <ul className="team-social">
                    {socialNetworks.map((n) =>
                      m.socialLinks[n] ? (
                        <li key={n}>
                          <a href={m.socialLinks[n]!} target="_blank" rel="noopener noreferrer" aria-label={t.socialLink(t.networks[n], m.name)}>
                            {t.networks[n]}
                          </a>
                        </li>
                      ) : null,
                    )}
                  </ul>
                </div>
                <div className="team-actions">
                  <button
                    type="button"
                    className="btn btn-small btn-secondary"
                    aria-label={t.editMember(m.name)}
                    onClick={() => {
                      setNotice(null);
                      setEditing({ mode: 'edit', member: m });
                      window.scrollTo?.({ top: 0, behavior: 'smooth' });
                    }}
                  >
                    {en.common.edit}
                  </button>
                  <button type="button" className="btn btn-small btn-danger" aria-label={t.deleteMember(m.name)} disabled={deleting} onClick={() => void onDelete(m)}>
                    {en.common.delete}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </div>
  );
}

export default TeamPage;
