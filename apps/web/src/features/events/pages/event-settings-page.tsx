// Placeholder until this page lands.
export function EventSettingsPage() {
  return null;
}
