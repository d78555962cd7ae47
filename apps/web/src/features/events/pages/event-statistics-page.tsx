// Placeholder until this page lands.
export function EventStatisticsPage() {
  return null;
}
