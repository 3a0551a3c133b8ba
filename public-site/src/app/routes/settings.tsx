import ProfilePage from '@/features/accounts/components/profile-page';

/** /settings: Account Settings is the profile page opened for editing. */
export default function SettingsRoute() {
  return <ProfilePage startEditing />;
}
