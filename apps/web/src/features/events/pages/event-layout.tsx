// Placeholder until this page lands.
export function EventLayout() {
  return null;
}
