// Placeholder until this page lands.
export function GuestGroupsPage() {
  return null;
}
