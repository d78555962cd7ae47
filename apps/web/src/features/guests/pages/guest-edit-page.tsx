// Placeholder until this page lands.
export function GuestEditPage() {
  return null;
}
