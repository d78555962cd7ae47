// Placeholder until this page lands.
export function GuestListPage() {
  return null;
}
