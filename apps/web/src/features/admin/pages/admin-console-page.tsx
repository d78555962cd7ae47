/** Issue 22: the admin console (`/admin/:section?`), its own lazy bundle; needs the ability manage:all. */
export function AdminConsolePage() {
  return null;
}
